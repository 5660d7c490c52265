import type { Language } from "./language";
import type { Topic } from "./intents";

/** The demo shop's answers in each language. `{name}` is the customer's first name (or nothing). */
type Replies = Record<"greeting" | "greetingNamed" | "human" | "thanks" | "unknown", string> & Record<Topic, string>;

export const REPLIES: Record<Language, Replies> = {
  pt: {
    greetingNamed: "Olá, {name}! Sou o assistente virtual da Empresa Demo.",
    greeting: "Olá! Sou o assistente virtual da Empresa Demo.",
    prices: "Nossos preços: camiseta R$ 59,90, caneca R$ 34,90 e boné R$ 49,90.",
    hours: "Atendemos de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h.",
    delivery: "Entregamos em todo o Brasil em 3 a 7 dias úteis, com frete grátis acima de R$ 199.",
    human: "Certo! Vou chamar um atendente para você.",
    thanks: "Por nada! Posso ajudar em algo mais?",
    unknown: "Posso informar preços, horário de atendimento e prazos de entrega. Se preferir, escreva \"atendente\" para falar com uma pessoa.",
  },
  en: {
    greetingNamed: "Hello, {name}! I'm Empresa Demo's virtual assistant.",
    greeting: "Hello! I'm Empresa Demo's virtual assistant.",
    prices: "Our prices: T-shirt R$ 59.90, mug R$ 34.90 and cap R$ 49.90.",
    hours: "We're open Monday to Friday, 9 am to 6 pm, and Saturdays, 9 am to 1 pm.",
    delivery: "We deliver all over Brazil in 3 to 7 business days, free shipping over R$ 199.",
    human: "Sure! I'll get an agent for you.",
    thanks: "You're welcome! Anything else I can help with?",
    unknown: "I can tell you our prices, opening hours and delivery times. If you'd rather talk to a person, write \"agent\".",
  },
  es: {
    greetingNamed: "¡Hola, {name}! Soy el asistente virtual de Empresa Demo.",
    greeting: "¡Hola! Soy el asistente virtual de Empresa Demo.",
    prices: "Nuestros precios: camiseta R$ 59,90, taza R$ 34,90 y gorra R$ 49,90.",
    hours: "Atendemos de lunes a viernes, de 9 a 18 h, y los sábados, de 9 a 13 h.",
    delivery: "Enviamos a todo Brasil en 3 a 7 días hábiles, con envío gratis por encima de R$ 199.",
    human: "¡Claro! Voy a llamar a un agente para usted.",
    thanks: "¡De nada! ¿Puedo ayudarle en algo más?",
    unknown: "Puedo informarle precios, horario de atención y plazos de entrega. Si prefiere hablar con una persona, escriba \"agente\".",
  },
};

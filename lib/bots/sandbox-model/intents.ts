import { normalize } from "./language";

/** What a customer's message asks; the topics may come together ("price and delivery?"). */
export type Topic = "prices" | "hours" | "delivery";
export type Intent = { human: boolean; topics: Topic[]; greeting: boolean; thanks: boolean };

// Phrases (accents removed, lower case), matched as whole words.
const HUMAN = ["atendente", "humano", "humana", "pessoa", "falar com alguem", "human", "person", "agent", "representative", "operator", "real person", "agente", "persona", "asesor", "operador"];
const TOPICS: Record<Topic, string[]> = {
  prices: ["preco", "precos", "quanto custa", "quanto custam", "quanto e", "valor", "valores", "custa", "price", "prices", "cost", "how much", "precio", "precios", "cuanto cuesta", "cuanto cuestan", "cuesta", "cuanto vale"],
  hours: ["horario", "horarios", "que horas", "abre", "abrem", "fecha", "fecham", "funcionamento", "hours", "open", "opening", "close", "closing", "abren", "cierran", "abierto", "atencion"],
  delivery: ["entrega", "entregam", "entregas", "frete", "envio", "envios", "prazo", "delivery", "deliver", "shipping", "ship", "envian", "despacho"],
};
const THANKS = ["obrigado", "obrigada", "valeu", "thanks", "thank you", "gracias"];
const GREETING = ["oi", "ola", "bom dia", "boa tarde", "boa noite", "hello", "hi", "hey", "good morning", "good afternoon", "hola", "buenos dias", "buenas tardes", "buenas noches", "buenas"];

const has = (text: string, phrases: string[]) => phrases.some((p) => ` ${text} `.includes(` ${p} `));

/** The intent of one customer message. A bare menu choice ("2") counts as a greeting. */
export function intentOf(message: string): Intent {
  const text = normalize(message);
  return {
    human: has(text, HUMAN),
    topics: (Object.keys(TOPICS) as Topic[]).filter((t) => has(text, TOPICS[t])),
    greeting: has(text, GREETING) || /^\d{1,2}$/.test(text),
    thanks: has(text, THANKS),
  };
}

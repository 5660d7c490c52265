/** The languages the sandbox model answers in (the app's own: pt, en, es). */
export type Language = "pt" | "en" | "es";

/** Lower case, no accents, words only: "Olá, você!" -> "ola voce". */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// Words frequent in short customer messages of each language (accents removed). A word in two
// lists counts for both; the language with more hits wins.
const WORDS: Record<Language, string[]> = {
  pt: "oi ola voce voces obrigado obrigada valeu quero qual quais quanto custa custam preco precos horario horarios entrega entregam frete prazo nao sim bom boa dia tarde noite com para um uma do da tem tenho atendente pessoa falar ate que vcs eu meu minha".split(" "),
  en: "hi hello hey the you your what how much is are do does price prices cost hours open delivery shipping ship thanks thank please want talk to an human agent person can i my with when".split(" "),
  es: "hola usted ustedes gracias quiero cuanto cuesta cuestan precio precios horario envio envian entrega hablar con una el los las que es son buenos buenas dias tienen persona agente abren cierran como yo mi".split(" "),
};

const LANGS: Language[] = ["pt", "es", "en"];

/** The language of one text, or null when it says nothing (a menu choice "2", an emoji). */
export function languageOf(text: string): Language | null {
  const words = normalize(text).split(" ").filter(Boolean);
  const scores = LANGS.map((l) => words.filter((w) => WORDS[l].includes(w)).length);
  const best = Math.max(...scores);
  if (best === 0) return null;
  const winners = LANGS.filter((_, i) => scores[i] === best);
  return winners.length === 1 ? winners[0] : null;
}

/**
 * The conversation's language: the customer's latest message that says one, else the earlier
 * ones, else the rest of the conversation (the prompt, our greetings); Portuguese by default.
 */
export function conversationLanguage(customer: string[], others: string[] = []): Language {
  for (const text of [...customer].reverse()) {
    const lang = languageOf(text);
    if (lang) return lang;
  }
  for (const text of [...others].reverse()) {
    const lang = languageOf(text);
    if (lang) return lang;
  }
  return "pt";
}

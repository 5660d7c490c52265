// The rating question (userRating enabled): the connection's ratingMessage, or this default,
// then the options the customer answers with a bare 1, 2 or 3 (core §3: 1 unsatisfied,
// 2 satisfied, 3 very satisfied).
export const DEFAULT_RATING_MESSAGE = "Por favor, avalie o nosso atendimento:";
export const RATING_OPTIONS = "*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito Satisfeito";

export function ratingQuestion(ratingMessage: string): string {
  return `${ratingMessage.trim() || DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`;
}

/** How long after the question a bare 1, 2 or 3 still counts as the rating. */
export const RATING_WINDOW_HOURS = 24;

/** The rate a message body stands for, or null: exactly 1, 2 or 3 once trimmed. */
export function rateOf(body: string | null | undefined): 1 | 2 | 3 | null {
  const t = (body ?? "").trim();
  return t === "1" || t === "2" || t === "3" ? (Number(t) as 1 | 2 | 3) : null;
}

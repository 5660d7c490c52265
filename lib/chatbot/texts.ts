// The texts the product itself writes to customers (the connection's greeting, the queues'
// messages and the options' messages are the admins' own). Portuguese, the product's default
// language (ARCHITECTURE rule 10); a company language setting would pick another set here.

export const BOT_TEXTS = {
  /** the queue menu's header when a connection with several queues has no greeting */
  chooseQueue: "Por favor, escolha uma das opções abaixo:",
  /** before a repeated menu or option list */
  invalidOption: "Opção inválida. Por favor, responda com o número de uma das opções abaixo:",
  /** under an option list when the customer can go one level up */
  backHint: "Digite *0* ou *#* para voltar.",
  /** a call on a connection whose `call` setting is disabled (WhatsApp Web cannot answer calls) */
  callRejected:
    "*Mensagem automática:* não atendemos chamadas de voz ou vídeo neste número. Por favor, envie sua mensagem por escrito. Obrigado!",
} as const;

/** One numbered line of a menu, as WhatsApp shows it: `*[ 1 ]* - Suporte`. */
export const menuLine = (key: string, title: string) => `*[ ${key} ]* - ${title}`;

/** Non-blank parts joined by a blank line (a header, the list, a hint). */
export const joinParts = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p))
    .join("\n\n");

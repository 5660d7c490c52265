// Pure helpers about connection statuses, shared by the server, the connections page and the shell
// (no database imports: client components use this file).

export const CONNECTION_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

// spec: the connections menu item warns while any connection is in one of these states
export const WARNING_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;

export const isWarningStatus = (status: string) => (WARNING_STATUSES as readonly string[]).includes(status);

/** What an admin can do with a session, as buttons of the connections table. */
export type SessionAction = "showQr" | "retry" | "newQr" | "disconnect" | "connecting";

/**
 * spec admin §2.2: qrcode shows a QR button; DISCONNECTED shows Try again and New QR; CONNECTED,
 * PAIRING and TIMEOUT show Disconnect; OPENING shows a disabled Connecting button with a spinner.
 */
export function sessionActions(status: string): SessionAction[] {
  switch (status) {
    case "qrcode":
      return ["showQr"];
    case "DISCONNECTED":
      return ["retry", "newQr"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return ["disconnect"];
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}

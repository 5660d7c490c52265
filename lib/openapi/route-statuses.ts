// What an operation answers beyond what every route of its access answers (route-paths.ts): its
// other success statuses and the refusals of its services, each with its codes (lib/api/errors.ts).
// The route sweep and tests/integration/openapi-contract.test.ts check the answers they provoke
// against them; tests/unit/openapi-lint.test.ts refuses a line naming no route.

import { SUBSCRIPTION_EXPIRED } from "./errors";

type Statuses = Record<string, string>;

const LIMITED = "Too many attempts from this address or for this email";
const EFI_WEBHOOK = {
  "401": "Without the webhook's secret (ERR_WEBHOOK_UNAUTHORIZED)",
  "404": "Efí is not the payment provider (ERR_NOT_FOUND)",
  "502": "Efí could not be asked (ERR_PAYMENT_PROVIDER)",
};
const nameTaken = (code: string) => ({ "409": `The name is taken (${code})` });

export const ROUTE_STATUSES: Record<string, Statuses> = {
  "POST /api/auth/login": { "401": "Wrong email or password (ERR_INVALID_CREDENTIALS)", "402": SUBSCRIPTION_EXPIRED, "403": "The company is suspended (ERR_COMPANY_INACTIVE)", "429": LIMITED },
  "POST /api/auth/refresh_token": { "401": "No refresh cookie", "402": SUBSCRIPTION_EXPIRED, "403": "The session ended (ERR_SESSION_EXPIRED) or the company is suspended" },
  "POST /api/companies/cadastro": { ...nameTaken("ERR_COMPANY_NAME_EXISTS, ERR_USER_EMAIL_EXISTS"), "429": LIMITED },
  "POST /api/forgetpassword/{email}": { "429": LIMITED },
  "POST /api/resetpasswords": { "429": LIMITED },
  "POST /api/resetpasswords/{email}/{token}/{newPassword}": { "429": LIMITED },
  "PUT /api/whatsappsession/{id}": { "409": "The connection is not showing a QR code (ERR_WAPP_NOT_PAIRING)", "429": "Too many pairing codes for this connection" },
  "GET /api/metrics": { "401": "Not METRICS_TOKEN as bearer", "404": "Metrics are off (no METRICS_TOKEN)" },
  "GET /api/health/ready": { "503": "Not ready: the failing checks, or draining before a stop" },
  "POST /api/sandbox/{connectionId}/scan": { "409": "No QR code shown (ERR_SANDBOX_NO_QR), or another one (ERR_SANDBOX_QR_MISMATCH)" },
  "POST /api/realtime/auth": { "503": "Realtime is not configured (ERR_REALTIME_DISABLED)" },
  "POST /api/payments/webhook/efi": EFI_WEBHOOK,
  "POST /api/payments/webhook/efi/pix": EFI_WEBHOOK,
  "POST /api/subscription": {
    "409": "The invoice is paid already (ERR_INVOICE_ALREADY_PAID), or the platform owner's company (ERR_COMPANY_PROTECTED)",
    "502": "The payment provider failed (ERR_PAYMENT_PROVIDER)",
  },

  "POST /api/tickets": { "201": "A new open ticket", "409": "The contact has an open ticket of another user (ERR_OTHER_OPEN_TICKET, with ticket)" },
  "POST /api/contacts/{id}/ticket": { "201": "A new open ticket", "409": "The contact has an open ticket of another user (ERR_OTHER_OPEN_TICKET, with ticket)" },
  "PUT /api/tickets/{id}": { "409": "Another user accepted it first (ERR_TICKET_ALREADY_ACCEPTED), or the contact has another open ticket (ERR_OTHER_OPEN_TICKET); with ticket" },
  "POST /api/messages/{id}": { "409": "The ticket is closed (ERR_TICKET_CLOSED) or has no connection (ERR_TICKET_NO_WHATSAPP)" },
  "POST /api/messages/{id}/resend": { "409": "The message did not fail (ERR_MESSAGE_NOT_FAILED) or was resent already (ERR_MESSAGE_ALREADY_RESENT)" },
  "POST /api/contacts": { "201": "The contact", "409": "The company has a contact with that number (ERR_DUPLICATED_CONTACT)" },
  "PUT /api/contacts/{id}": { "409": "The company has a contact with that number (ERR_DUPLICATED_CONTACT)" },
  "POST /api/ticket-notes": { "201": "The note" },

  "POST /api/users": { "409": "The email is taken (ERR_USER_EMAIL_EXISTS)" },
  "PUT /api/users/{id}": { "409": "The email is taken (ERR_USER_EMAIL_EXISTS)" },
  "POST /api/companies": nameTaken("ERR_COMPANY_NAME_EXISTS, ERR_USER_EMAIL_EXISTS"),
  "PUT /api/companies/{id}": { "409": "The name is taken (ERR_COMPANY_NAME_EXISTS), or the platform owner's company (ERR_COMPANY_PROTECTED)" },
  "DELETE /api/companies/{id}": { "409": "The platform owner's company (ERR_COMPANY_PROTECTED)" },
  "POST /api/companies/{id}/renew": { "409": "The platform owner's company (ERR_COMPANY_PROTECTED)" },
  "POST /api/plans": nameTaken("ERR_PLAN_NAME_EXISTS"),
  "PUT /api/plans/{id}": nameTaken("ERR_PLAN_NAME_EXISTS"),
  "DELETE /api/plans/{id}": { "409": "Companies are on the plan (ERR_PLAN_IN_USE, with companies)" },
  "POST /api/queue": nameTaken("ERR_QUEUE_NAME_EXISTS, ERR_QUEUE_COLOR_ALREADY_EXISTS"),
  "PUT /api/queue/{id}": nameTaken("ERR_QUEUE_NAME_EXISTS, ERR_QUEUE_COLOR_ALREADY_EXISTS"),
  "POST /api/queue-options": { "409": "The level has an option with that number (ERR_QUEUE_OPTION_EXISTS)" },
  "PUT /api/queue-options/{id}": { "409": "The level has an option with that number (ERR_QUEUE_OPTION_EXISTS)" },
  "POST /api/tags": nameTaken("ERR_TAG_NAME_EXISTS"),
  "PUT /api/tags/{id}": nameTaken("ERR_TAG_NAME_EXISTS"),
  "POST /api/whatsapp": nameTaken("ERR_CONNECTION_NAME_EXISTS, ERR_CONNECTION_TOKEN_EXISTS"),
  "PUT /api/whatsapp/{id}": nameTaken("ERR_CONNECTION_NAME_EXISTS, ERR_CONNECTION_TOKEN_EXISTS"),
  "POST /api/contact-list-items": { "409": "The list has that number (ERR_CONTACT_LIST_ITEM_EXISTS)" },
  "PUT /api/contact-list-items/{id}": { "409": "The list has that number (ERR_CONTACT_LIST_ITEM_EXISTS)" },

  "PUT /api/campaigns/{id}": { "409": "The campaign is read-only now (ERR_CAMPAIGN_NOT_EDITABLE)" },
  "DELETE /api/campaigns/{id}": { "409": "The campaign is being sent (ERR_CAMPAIGN_RUNNING)" },
  "POST /api/campaigns/{id}/media-upload": { "409": "The campaign is read-only now (ERR_CAMPAIGN_NOT_EDITABLE)" },
  "DELETE /api/campaigns/{id}/media-upload": { "409": "The campaign is read-only now (ERR_CAMPAIGN_NOT_EDITABLE)" },
  "POST /api/campaigns/{id}/cancel": { "409": "The campaign is not running or scheduled (ERR_CAMPAIGN_NOT_RUNNING, with status)" },
  "POST /api/campaigns/{id}/restart": { "409": "The campaign is not cancelled (ERR_CAMPAIGN_NOT_CANCELLED, with status)" },
  "PUT /api/schedules/{id}": { "409": "The message was sent already (ERR_SCHEDULE_ALREADY_SENT)" },
  "POST /api/schedules/{id}/media-upload": { "409": "The message was sent already (ERR_SCHEDULE_ALREADY_SENT)" },
  "DELETE /api/schedules/{id}/media-upload": { "409": "The message was sent already (ERR_SCHEDULE_ALREADY_SENT)" },
};

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { receiveEfiNotification } from "@/lib/invoices/receive-efi-notification";
import { efiWebhookQuery } from "@/lib/invoices/schemas";

// POST /api/payments/webhook/efi — Efí's Pix notifications (the URL registered at Efí carries
// ?secret=EFI_WEBHOOK_SECRET&ignorar=); every charge it names is confirmed at Efí before anything is paid.
export const POST = route({ access: "public", query: efiWebhookQuery }, async ({ req, query }) =>
  receiveEfiNotification(getDb(), query.secret ?? query.hmac, () => req.text()),
);

// POST /api/payments/webhook/efi/pix — the same notifications: Efí appends /pix to the registered URL.
export { POST } from "../route";

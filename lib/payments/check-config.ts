import fs from "node:fs";
import tls from "node:tls";
import { getEnv, type Env } from "@/lib/env";
import { paymentConfig } from "./config";

/**
 * The launcher's startup check (beside getEnv()): the payment configuration is complete and, for
 * Efí, its .p12 certificate can be read and opened with EFI_CERTIFICATE_PASSWORD. Throws an
 * "Invalid configuration" error naming the variable, so a deployment never half-works until its
 * first checkout.
 */
export function checkPaymentConfig(env: Env = getEnv()): void {
  const cfg = paymentConfig(env);
  if (cfg.provider !== "efi") return;
  let pfx: Buffer;
  try {
    pfx = fs.readFileSync(cfg.efi.certificate);
  } catch (err) {
    throw new Error(`Invalid configuration:\n- EFI_CERTIFICATE: cannot read ${cfg.efi.certificate} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    tls.createSecureContext({ pfx, passphrase: cfg.efi.certificatePassword });
  } catch (err) {
    throw new Error(`Invalid configuration:\n- EFI_CERTIFICATE: ${cfg.efi.certificate} is not a .p12 certificate this EFI_CERTIFICATE_PASSWORD opens (${(err as Error).message})`);
  }
}

import fs from "node:fs";
import https from "node:https";
import type { EfiConfig } from "./config";
import { type EfiAnswer, efiRequest, EfiRequestError } from "./efi-http";
import { qrImageOf } from "./qr-image";
import type { Charge, ChargeRequest, ChargeStatus, PaymentProvider } from "./types";

// A token is renewed this long before Efí says it expires.
const TOKEN_MARGIN_MS = 60_000;
// Efí's limit for the text shown to the payer (solicitacaoPagador).
const PAYER_TEXT_MAX = 140;

type Token = { value: string; expiresAt: number };

const isDataUrl = (v: unknown): v is string => typeof v === "string" && v.startsWith("data:image/");

/** What Efí says went wrong, without echoing anything we sent. */
function failure(what: string, res: EfiAnswer): EfiRequestError {
  const b = (res.body ?? {}) as { nome?: unknown; mensagem?: unknown; error?: unknown };
  const why = [b.nome ?? b.error, b.mensagem].filter((x) => typeof x === "string").join(": ");
  return new EfiRequestError(`Efí ${what} failed with ${res.status}${why ? ` (${why})` : ""}`, res.status);
}

/**
 * The Efí (Gerencianet) Pix provider over its documented REST API, with Node's https and the
 * application's .p12 certificate (no SDK: four calls, and the SDK would bring axios along).
 * OAuth2 client credentials at POST /oauth/token; immediate charge PUT /v2/cob/{txid}; its QR
 * code GET /v2/loc/{id}/qrcode; status GET /v2/cob/{txid} (CONCLUIDA once paid).
 * `ca` trusts another certificate authority for Efí's server (tests point it at a local stub).
 */
export function createEfiProvider(cfg: EfiConfig, opts: { ca?: string | Buffer } = {}): PaymentProvider {
  const agent = new https.Agent({
    pfx: fs.readFileSync(cfg.certificate),
    passphrase: cfg.certificatePassword,
    keepAlive: true,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  let token: Token | null = null;
  let pending: Promise<Token> | null = null;

  async function fetchToken(): Promise<Token> {
    const basic = Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString("base64");
    const res = await efiRequest(agent, `${cfg.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: "client_credentials" },
    });
    const b = res.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (res.status !== 200 || typeof b?.access_token !== "string") throw failure("authorization", res);
    const seconds = typeof b.expires_in === "number" ? b.expires_in : 3600;
    return { value: b.access_token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    // one token request at a time; callers arriving meanwhile share it
    pending ??= fetchToken().finally(() => (pending = null));
    token = await pending;
    return token.value;
  }

  /** An authorized call; a 401 (token revoked early) gets one new token and one retry. */
  async function call(method: string, path: string, body?: unknown): Promise<EfiAnswer> {
    for (let attempt = 0; ; attempt++) {
      const res = await efiRequest(agent, `${cfg.baseUrl}${path}`, { method, body, headers: { authorization: `Bearer ${await accessToken()}` } });
      if (res.status !== 401 || attempt > 0) return res;
      token = null;
    }
  }

  return {
    name: "efi",

    async createCharge(req: ChargeRequest): Promise<Charge> {
      const cob = await call("PUT", `/v2/cob/${encodeURIComponent(req.txid)}`, {
        calendario: { expiracao: req.expiresInSeconds },
        valor: { original: req.amount.toFixed(2) },
        chave: cfg.pixKey,
        solicitacaoPagador: req.description.slice(0, PAYER_TEXT_MAX),
      });
      const c = cob.body as { loc?: { id?: unknown }; pixCopiaECola?: unknown; calendario?: { criacao?: unknown } } | null;
      if (cob.status !== 201 && cob.status !== 200) throw failure("charge", cob);
      const locId = c?.loc?.id;
      if (typeof locId !== "number" && typeof locId !== "string") throw new EfiRequestError("Efí charge answer without loc.id");
      const qr = await call("GET", `/v2/loc/${encodeURIComponent(String(locId))}/qrcode`);
      if (qr.status !== 200) throw failure("QR code", qr);
      const q = qr.body as { qrcode?: unknown; imagemQrcode?: unknown } | null;
      const pixCode = typeof q?.qrcode === "string" ? q.qrcode : typeof c?.pixCopiaECola === "string" ? c.pixCopiaECola : null;
      if (!pixCode) throw new EfiRequestError("Efí QR code answer without the copy-paste code");
      const created = typeof c?.calendario?.criacao === "string" ? Date.parse(c.calendario.criacao) : NaN;
      const start = Number.isFinite(created) ? created : Date.now();
      return {
        txid: req.txid,
        pixCode,
        qrImage: isDataUrl(q?.imagemQrcode) ? q.imagemQrcode : await qrImageOf(pixCode),
        expiresAt: new Date(start + req.expiresInSeconds * 1000),
      };
    },

    async lookupCharge(txid: string): Promise<ChargeStatus | null> {
      const res = await call("GET", `/v2/cob/${encodeURIComponent(txid)}`);
      if (res.status === 404) return null;
      if (res.status !== 200) throw failure("charge lookup", res);
      const b = res.body as { status?: unknown; valor?: { original?: unknown }; pix?: { valor?: unknown }[] } | null;
      // what actually arrived (the pix list) counts over what was asked (valor.original)
      const received = Array.isArray(b?.pix) ? b.pix.reduce((sum, p) => sum + (Number(p?.valor) || 0), 0) : null;
      const asked = Number(b?.valor?.original);
      const amount = received ?? (Number.isFinite(asked) ? asked : null);
      return { txid, paid: b?.status === "CONCLUIDA", amount };
    },
  };
}

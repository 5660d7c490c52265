import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

// A local stand-in for Efí's Pix API (https://pix.api.efipay.com.br): mutual TLS with certificates
// made by the openssl CLI for each test file (a CA, the server's certificate, the application's
// .p12), and the four calls the adapter makes. It refuses any connection without a client
// certificate signed by its CA, as Efí does.

export type StubCharge = { txid: string; valor: string; chave: string; locId: number; status: "ATIVA" | "CONCLUIDA"; pix: { endToEndId: string; txid: string; valor: string; horario: string }[] };

export type EfiStub = {
  baseUrl: string;
  /** the CA the adapter must trust for the stub's server certificate */
  ca: string;
  /** the application's certificate (.p12) and its password, as Efí issues them */
  p12Path: string;
  p12Password: string;
  clientId: string;
  clientSecret: string;
  /** what each request was: method, path, authorization kind, whether a client certificate came */
  requests: { method: string; path: string; auth: string; clientCert: boolean }[];
  charges: Map<string, StubCharge>;
  /** the payer pays: the charge becomes CONCLUIDA with one Pix of `valor` (default the whole amount) */
  pay: (txid: string, valor?: string) => void;
  /** a client with a certificate the stub's CA never signed, for the refusal test */
  strangerP12Path: string;
  dir: string;
  close: () => Promise<void>;
};

const openssl = (dir: string, args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });

/** CA, server certificate for 127.0.0.1, the application's client .p12, and a stranger's .p12. */
function makeCertificates(dir: string, p12Password: string) {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(dir, ["req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.crt", "-subj", "/CN=Efi Stub CA", "-days", "2"]);
  fs.writeFileSync(path.join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(dir, ["req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"]);
  openssl(dir, ["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "server.ext"]);
  openssl(dir, ["req", ...ec, "-keyout", "client.key", "-out", "client.csr", "-subj", "/CN=application"]);
  openssl(dir, ["x509", "-req", "-in", "client.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "client.crt", "-days", "2"]);
  openssl(dir, ["pkcs12", "-export", "-inkey", "client.key", "-in", "client.crt", "-out", "client.p12", "-passout", `pass:${p12Password}`]);
  // self-signed: no CA the stub trusts
  openssl(dir, ["req", "-x509", ...ec, "-keyout", "stranger.key", "-out", "stranger.crt", "-subj", "/CN=stranger", "-days", "2"]);
  openssl(dir, ["pkcs12", "-export", "-inkey", "stranger.key", "-in", "stranger.crt", "-out", "stranger.p12", "-passout", `pass:${p12Password}`]);
}

export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

async function readJson(req: import("node:http").IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

export async function startEfiStub(): Promise<EfiStub> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "efi-stub-"));
  const p12Password = `p12-${randomBytes(4).toString("hex")}`;
  makeCertificates(dir, p12Password);
  const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");
  const clientId = `Client_Id_${randomBytes(6).toString("hex")}`;
  const clientSecret = `Client_Secret_${randomBytes(12).toString("hex")}`;
  const tokens = new Set<string>();
  const charges = new Map<string, StubCharge>();
  const requests: EfiStub["requests"] = [];
  let nextLoc = 100;

  const server = https.createServer({ key: read("server.key"), cert: read("server.crt"), ca: read("ca.crt"), requestCert: true, rejectUnauthorized: true }, async (req, res) => {
    const url = new URL(req.url ?? "/", "https://stub");
    const authHeader = req.headers.authorization ?? "";
    const clientCert = (req.socket as import("node:tls").TLSSocket).authorized === true;
    requests.push({ method: req.method ?? "", path: url.pathname, auth: authHeader.split(" ")[0] ?? "", clientCert });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const body = (await readJson(req).catch(() => undefined)) as Record<string, unknown> | null | undefined;
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (authHeader !== expected || body?.grant_type !== "client_credentials") return send(401, { error: "invalid_client", error_description: "Invalid or inactive credentials" });
      const token = randomBytes(16).toString("hex");
      tokens.add(token);
      return send(200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.read cob.write pix.read" });
    }
    if (!authHeader.startsWith("Bearer ") || !tokens.has(authHeader.slice(7))) return send(401, { nome: "nao_autorizado", mensagem: "Token inválido" });
    const cob = url.pathname.match(/^\/v2\/cob\/([A-Za-z0-9]{26,35})$/);
    if (cob && req.method === "PUT") {
      const valor = (body?.valor as { original?: unknown } | undefined)?.original;
      if (typeof valor !== "string" || !/^\d+\.\d{2}$/.test(valor) || typeof body?.chave !== "string") return send(400, { nome: "valor_invalido", mensagem: "Campo valor.original inválido" });
      if (charges.has(cob[1])) return send(409, { nome: "txid_duplicado", mensagem: "Campo txid informado já foi utilizado em outra cobrança" });
      const locId = nextLoc++;
      charges.set(cob[1], { txid: cob[1], valor, chave: body.chave, locId, status: "ATIVA", pix: [] });
      const expiracao = (body?.calendario as { expiracao?: number } | undefined)?.expiracao ?? 3600;
      return send(201, {
        calendario: { criacao: new Date().toISOString(), expiracao },
        txid: cob[1],
        revisao: 0,
        loc: { id: locId, location: `pix.stub.invalid/qr/v2/${locId}`, tipoCob: "cob" },
        location: `pix.stub.invalid/qr/v2/${locId}`,
        status: "ATIVA",
        valor: { original: valor },
        chave: body.chave,
        pixCopiaECola: `00020101021226stub${locId}`,
      });
    }
    if (cob && req.method === "GET") {
      const c = charges.get(cob[1]);
      if (!c) return send(404, { nome: "cobranca_nao_encontrada", mensagem: "Nenhuma cobrança encontrada para o txid informado" });
      return send(200, { txid: c.txid, status: c.status, valor: { original: c.valor }, chave: c.chave, loc: { id: c.locId }, ...(c.pix.length ? { pix: c.pix } : {}) });
    }
    const qr = url.pathname.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
    if (qr && req.method === "GET") {
      const c = [...charges.values()].find((x) => x.locId === Number(qr[1]));
      if (!c) return send(404, { nome: "location_nao_encontrada", mensagem: "Location não encontrada" });
      return send(200, { qrcode: `00020101021226stub${c.locId}${c.valor}`, imagemQrcode: `data:image/png;base64,${Buffer.from(`stub-${c.locId}`).toString("base64")}`, linkVisualizacao: `https://pix.stub.invalid/${c.locId}` });
    }
    return send(404, { nome: "rota_nao_encontrada", mensagem: "Rota não encontrada" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    ca: read("ca.crt"),
    p12Path: path.join(dir, "client.p12"),
    p12Password,
    strangerP12Path: path.join(dir, "stranger.p12"),
    clientId,
    clientSecret,
    requests,
    charges,
    pay(txid, valor) {
      const c = charges.get(txid);
      if (!c) throw new Error(`no stub charge ${txid}`);
      c.status = "CONCLUIDA";
      c.pix.push({ endToEndId: `E${randomBytes(15).toString("hex")}`, txid, valor: valor ?? c.valor, horario: new Date().toISOString() });
    },
    dir,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

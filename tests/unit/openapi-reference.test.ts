import { describe, expect, it } from "vitest";
import { modelsOf, operationsOf } from "@/components/messages-api/reference-model";
import { createOpenApiDocument } from "@/lib/openapi/create-document";

const doc = createOpenApiDocument("test") as unknown as Record<string, unknown>;

// The /messages-api reference is read from the OpenAPI document: what it shows of the send endpoint.
describe("the API reference of /messages-api", () => {
  it("shows the send endpoint with its bearer token, header, both bodies and answers", () => {
    const send = operationsOf(doc, "paths").find((o) => o.path === "/api/messages/send")!;
    expect(send).toMatchObject({ method: "POST", path: "/api/messages/send", auth: ["connectionToken"] });
    expect(send.params).toEqual([expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false })]);
    expect(send.bodies.map((b) => [b.mediaType, b.schemaName])).toEqual([
      ["application/json", "SendTextMessage"],
      ["multipart/form-data", "SendMediaMessage"],
    ]);
    const json = send.bodies[0].fields;
    expect(json.map((f) => [f.name, f.type, f.required])).toEqual([
      ["number", "string", true],
      ["body", "string", true],
    ]);
    expect(json[0].example).toBe("5511999998888");
    const media = send.bodies[1].fields;
    expect(media.map((f) => [f.name, f.required])).toEqual([
      ["number", true],
      ["body", false],
      ["medias", true],
    ]);
    expect(media[2].type).toBe("file[]");
    expect(send.responses.map((r) => [r.status, r.schemaName])).toEqual([
      ["200", "SendMessageAnswer"],
      ["400", "ErrorAnswer"],
      ["401", "ErrorAnswer"],
      ["402", "ErrorAnswer"],
      ["403", "ErrorAnswer"],
      ["404", "ErrorAnswer"],
      ["409", "ErrorAnswer"],
      ["413", "ErrorAnswer"],
      ["422", "ErrorAnswer"],
      ["429", "ErrorAnswer"],
    ]);
    expect(send.responses.at(-1)?.headers).toEqual(["Retry-After"]);
  });

  it("lists the product's other routes with their auth", () => {
    const ops = operationsOf(doc, "paths");
    expect(ops.length).toBeGreaterThan(50);
    const login = ops.find((o) => o.method === "POST" && o.path === "/api/auth/login");
    expect(login?.auth).toEqual([]);
    expect(login?.bodies[0].fields.map((f) => f.name)).toEqual(["email", "password"]);
    const queue = ops.find((o) => o.method === "PUT" && o.path === "/api/queue/{id}");
    expect(queue?.auth).toEqual(["session"]);
    expect(queue?.access).toBe("admin");
    expect(queue?.params[0]).toMatchObject({ name: "id", in: "path", required: true });
  });

  it("shows the webhook with its signature headers and the models with their fields", () => {
    const [hook] = operationsOf(doc, "webhooks");
    expect(hook.auth).toEqual([]);
    expect(hook.params.map((p) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Webhook-Id", "X-Webhook-Timestamp", "X-Webhook-Signature"]);
    const answer = modelsOf(doc).find((m) => m.name === "SendMessageAnswer");
    expect(answer?.fields.map((f) => [f.name, f.type])).toEqual([
      ["mensagem", '"Mensagem enviada"'],
      ["ticketId", "integer"],
      ["messageIds", "integer[]"],
      ["status", '"sent" | "queued"'],
    ]);
  });
});

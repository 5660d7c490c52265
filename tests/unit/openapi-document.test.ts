import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sendAnswer, sendTextBody } from "@/lib/external-api/schemas";
import { createOpenApiDocument, SEND_PATH } from "@/lib/openapi/create-document";

const doc = createOpenApiDocument("test");
type Obj = Record<string, unknown>;
const schemas = (doc.components?.schemas ?? {}) as Record<string, Obj>;
const send = doc.paths?.[SEND_PATH]?.post;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await new Validator().validate(structuredClone(doc) as never);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("documents the send endpoint's JSON body and answer as the zod schemas the route uses", () => {
    const body = send?.requestBody && "content" in send.requestBody ? (send.requestBody.content["application/json"] as Obj) : undefined;
    const json = body?.schema;
    expect(json).toEqual({ $ref: "#/components/schemas/SendTextMessage" });
    // the fields of the route's own schema: nothing copied by hand
    const required = (s: z.ZodObject) => Object.keys(s.shape).filter((k) => !s.shape[k].safeParse(undefined).success);
    expect(schemas.SendTextMessage.required).toEqual(required(sendTextBody));
    expect(Object.keys(schemas.SendTextMessage.properties as Obj)).toEqual(Object.keys(sendTextBody.shape));
    expect(Object.keys(schemas.SendMessageAnswer.properties as Obj)).toEqual(Object.keys(sendAnswer.shape));
    expect((schemas.SendTextMessage.properties as Record<string, Obj>).number.pattern).toBe("^\\d{10,15}$");
  });

  it("documents the multipart form with files, the bearer token and the refusals", () => {
    const media = schemas.SendMediaMessage;
    expect(media.required).toEqual(["number", "medias"]);
    const medias = (media.properties as Record<string, Obj>).medias;
    expect(medias.type).toBe("array");
    expect(send?.security).toEqual([{ connectionToken: [] }]);
    expect(doc.components?.securitySchemes?.connectionToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(send?.responses ?? {}).sort()).toEqual(["200", "400", "401", "402", "403", "404", "409", "413", "422", "429"]);
    const tooMany = send?.responses?.["429"] as { headers?: Obj } | undefined;
    expect(Object.keys(tooMany?.headers ?? {})).toEqual(["Retry-After"]);
  });

  it("documents the signed webhook event as a 3.1 webhook", () => {
    const hook = doc.webhooks?.webhookEvent;
    const post = hook && "post" in hook ? hook.post : undefined;
    const headers = (post?.parameters ?? []).map((p) => ("name" in p ? p.name : ""));
    // Standard Webhooks' headers (absent for an old secret that is not base64), then the legacy ones
    expect(headers).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Webhook-Id", "X-Webhook-Timestamp", "X-Webhook-Signature"]);
    expect((post?.parameters ?? []).map((p) => ("required" in p ? Boolean(p.required) : false))).toEqual([false, false, false, true, true, true]);
    const event = (schemas.WebhookEvent.properties as Record<string, Obj>).event;
    expect(event.enum).toEqual(["message.received", "message.ack", "ticket.created", "ticket.closed"]);
  });
});

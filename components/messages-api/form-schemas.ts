import { z } from "zod";
import { sendTextBody } from "@/lib/external-api/schemas";

// The /messages-api test forms (spec admin §5 "External API test forms: token, number and body
// required; media file required"): the send endpoint's own body plus the token it is sent with.

const token = z.string().trim().min(1, "required");

export const textTestForm = sendTextBody.extend({ token });
export type TextTestValues = z.input<typeof textTestForm>;

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;

export const mediaTestForm = sendTextBody.extend({
  token,
  file: z.custom<File>((v) => isFile(v) && v.size > 0, "required"),
});
export type MediaTestValues = z.input<typeof mediaTestForm>;

import { describe, expect, it } from "vitest";
import { chatFormSchema, chatParams, CHAT_MESSAGE_MAX, createChatSchema, readChatSchema, sendChatMessageSchema, updateChatSchema } from "@/lib/chats/schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("chat schemas (admin §5 internal chat dialog)", () => {
  it("a chat needs a non-blank title and at least one user", () => {
    expect(createChatSchema.parse({ title: "  Plantão ", users: [{ id: "3" }] })).toEqual({ title: "Plantão", users: [{ id: 3 }] });
    expect(issues(createChatSchema.safeParse({ title: "   ", users: [{ id: 1 }] }))).toEqual(["title:titleRequired"]);
    expect(issues(createChatSchema.safeParse({ users: [{ id: 1 }] }))).toEqual(["title:titleRequired"]);
    expect(issues(createChatSchema.safeParse({ title: "x", users: [] }))).toEqual(["users:usersRequired"]);
    expect(issues(createChatSchema.safeParse({ title: "x" }))).toEqual(["users:usersRequired"]);
    expect(createChatSchema.safeParse({ title: "x", users: [{ id: -1 }] }).success).toBe(false);
    expect(createChatSchema.safeParse({ title: "x".repeat(101), users: [{ id: 1 }] }).success).toBe(false);
  });

  it("the dialog's form gives the same keys", () => {
    expect(issues(chatFormSchema.safeParse({ title: "", users: [] }))).toEqual(["title:titleRequired", "users:usersRequired"]);
    expect(chatFormSchema.parse({ title: " a ", users: [2] })).toEqual({ title: "a", users: [2] });
  });

  it("an update may change the title, the members or both", () => {
    expect(updateChatSchema.parse({})).toEqual({});
    expect(updateChatSchema.parse({ users: [{ id: 4 }] })).toEqual({ users: [{ id: 4 }] });
    expect(updateChatSchema.safeParse({ title: " " }).success).toBe(false);
  });

  it("a message is non-blank text up to the maximum, kept as typed", () => {
    expect(sendChatMessageSchema.parse({ message: "  oi\n" })).toEqual({ message: "  oi\n" });
    expect(sendChatMessageSchema.safeParse({ message: " \n\t" }).success).toBe(false);
    expect(sendChatMessageSchema.safeParse({ message: "x".repeat(CHAT_MESSAGE_MAX) }).success).toBe(true);
    expect(sendChatMessageSchema.safeParse({ message: "x".repeat(CHAT_MESSAGE_MAX + 1) }).success).toBe(false);
    expect(sendChatMessageSchema.safeParse({ message: 1 }).success).toBe(false);
  });

  it("{id} is the chat's id or uuid", () => {
    expect(chatParams.parse({ id: "12" })).toEqual({ id: { id: 12 } });
    expect(chatParams.parse({ id: "0B8E6C3A-1111-4222-8333-444455556666" })).toEqual({ id: { uuid: "0b8e6c3a-1111-4222-8333-444455556666" } });
    for (const bad of ["0", "-1", "1.5", "abc", "99999999999", ""]) expect(chatParams.safeParse({ id: bad }).success, bad).toBe(false);
  });

  it("read takes an optional user id", () => {
    expect(readChatSchema.parse({})).toEqual({});
    expect(readChatSchema.parse({ userId: "7" })).toEqual({ userId: 7 });
    expect(readChatSchema.safeParse({ userId: "x" }).success).toBe(false);
  });
});

import { redirect } from "next/navigation";

// core.md lists /recovery-password; admin.md's /forgetpsw is the same flow.
export default function RecoveryPasswordPage() {
  redirect("/forgetpsw");
}

import { getTranslations } from "next-intl/server";
import { TodoList } from "@/components/todo/todo-list";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("todolist") };
}

// /todolist (spec core §2 "Local to-do page"): open to every signed-in user (the shell layout
// checks the session); the tasks stay in the browser.
export default function TodoListPage() {
  return <TodoList />;
}

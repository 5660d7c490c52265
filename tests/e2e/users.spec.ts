import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// The users page (spec core §2 Users page, §5 User, §6 user-modal:editProfile/editQueues): an
// admin adds a user in the modal and edits them; that user is refused the page (admins only) and
// edits their own name in the profile dialog.
test("an admin creates and edits a user; the new user is refused the users page and edits their profile", async ({ browser }) => {
  const t = await createE2eTenant();
  const tag = Date.now().toString(36);
  const person = { name: `Maria ${tag}`, email: `maria-${tag}@e2e.test`, password: `senha-${tag}` };

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signIn(admin, t.admin.email, t.admin.password, "/users");
  await expect(admin.getByTestId(`user-row-${t.admin.id}`)).toBeVisible();
  // an admin cannot delete themself: no delete button on their own row
  await expect(admin.getByTestId(`user-row-${t.admin.id}`).getByTestId("delete-user")).toHaveCount(0);

  // add: the spec's messages first, then a valid user
  await admin.getByTestId("add-user").click();
  const dialog = admin.getByTestId("user-dialog");
  await expect(dialog.getByTestId("field-name")).toBeVisible();
  await expect(dialog.getByTestId("field-profile")).toBeVisible();
  await expect(dialog.getByTestId("field-allTicket")).toBeVisible();
  await expect(dialog.getByTestId("field-queueIds")).toBeVisible();
  await dialog.getByTestId("user-submit").click();
  await expect(dialog.getByText("Required", { exact: true }).first()).toBeVisible();
  await dialog.getByTestId("field-name").fill("M");
  await dialog.getByTestId("field-email").fill("not-an-email");
  await dialog.getByTestId("field-password").fill("123");
  await dialog.getByTestId("user-submit").click();
  await expect(dialog.getByText("Too Short!").first()).toBeVisible();
  await expect(dialog.getByText("Invalid email")).toBeVisible();

  await dialog.getByTestId("field-name").fill(person.name);
  await dialog.getByTestId("field-email").fill(person.email);
  await dialog.getByTestId("field-password").fill(person.password);
  await dialog.getByTestId("user-submit").click();
  await expect(admin.getByText("Usuário criado com sucesso!").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = admin.locator('[data-testid^="user-row-"]', { hasText: person.email });
  await expect(row).toContainText(person.name);

  // edit: the modal opens with the user's data; the password may stay blank
  await row.getByTestId("edit-user").click();
  await expect(dialog.getByTestId("field-name")).toHaveValue(person.name);
  await expect(dialog.getByTestId("field-email")).toHaveValue(person.email);
  await expect(dialog.getByTestId("field-password")).toHaveValue("");
  const renamed = `${person.name} Souza`;
  await dialog.getByTestId("field-name").fill(renamed);
  await dialog.getByTestId("user-submit").click();
  await expect(admin.getByText("Usuário atualizado com sucesso!").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(renamed);
  await admin.reload();
  await expect(admin.locator('[data-testid^="user-row-"]', { hasText: person.email })).toContainText(renamed);
  await adminCtx.close();

  // the new user (not an admin) is refused the users page and edits only their own profile
  const userCtx = await browser.newContext();
  const user = await userCtx.newPage();
  await signIn(user, person.email, person.password, "/users");
  await expect(user.getByText("Acesso não permitido").first()).toBeVisible();
  await user.waitForURL("**/tickets");
  await expect(user.getByTestId("users-table")).toHaveCount(0);

  await user.getByTestId("account-menu").click();
  await user.getByTestId("menu-profile").click();
  const ownDialog = user.getByTestId("profile-dialog");
  await expect(ownDialog.locator('input[name="name"]')).toHaveValue(renamed);
  await expect(ownDialog.locator('input[name="email"]')).toHaveValue(person.email);
  await ownDialog.locator('input[name="name"]').fill(`${renamed} Lima`);
  await ownDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(user.getByTestId("greeting")).toContainText(`${renamed} Lima`);
  await userCtx.close();
});

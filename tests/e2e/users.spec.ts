import { createE2eTenant, expect, loginThroughPage, test } from "./fixtures";

// The users page (spec core §2 Users page, §5 User, §6 user-modal:editProfile/editQueues): an
// admin adds a user in the modal and edits them; that user, opening their own row, does not see
// the admin-only fields.
test("an admin creates and edits a user; the new user cannot see the admin-only fields", async ({ browser }) => {
  const t = await createE2eTenant();
  const tag = Date.now().toString(36);
  const person = { name: `Maria ${tag}`, email: `maria-${tag}@e2e.test`, password: `senha-${tag}` };

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await loginThroughPage(admin, t.admin.email, t.admin.password);
  await admin.waitForURL("**/tickets");
  await admin.goto("/users");
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
  await expect(dialog.getByText("Obrigatório").first()).toBeVisible();
  await dialog.getByTestId("field-name").fill("M");
  await dialog.getByTestId("field-email").fill("not-an-email");
  await dialog.getByTestId("field-password").fill("123");
  await dialog.getByTestId("user-submit").click();
  await expect(dialog.getByText("Muito curto!").first()).toBeVisible();
  await expect(dialog.getByText("Email inválido")).toBeVisible();

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
  const rowTestId = await admin.locator('[data-testid^="user-row-"]', { hasText: person.email }).getAttribute("data-testid");
  await adminCtx.close();

  // the new user, on their own row: name, email, password and default connection only
  const userCtx = await browser.newContext();
  const user = await userCtx.newPage();
  await loginThroughPage(user, person.email, person.password);
  await user.waitForURL("**/tickets");
  await user.goto("/users");
  const own = user.getByTestId(rowTestId!);
  await expect(own).toContainText(renamed);
  await expect(user.getByTestId("add-user")).toHaveCount(0);
  await expect(user.getByTestId("delete-user")).toHaveCount(0);
  // other rows cannot be opened
  await expect(user.getByTestId(`user-row-${t.admin.id}`).getByTestId("edit-user")).toHaveCount(0);

  await own.getByTestId("edit-user").click();
  const ownDialog = user.getByTestId("user-dialog");
  await expect(ownDialog.getByTestId("field-name")).toHaveValue(renamed);
  await expect(ownDialog.getByTestId("field-email")).toBeVisible();
  await expect(ownDialog.getByTestId("field-password")).toBeVisible();
  await expect(ownDialog.getByTestId("field-whatsappId")).toBeVisible();
  await expect(ownDialog.getByTestId("field-profile")).toHaveCount(0);
  await expect(ownDialog.getByTestId("field-allTicket")).toHaveCount(0);
  await expect(ownDialog.getByTestId("field-queueIds")).toHaveCount(0);

  // and saving their own name works
  await ownDialog.getByTestId("field-name").fill(`${renamed} Lima`);
  await ownDialog.getByTestId("user-submit").click();
  await expect(user.getByText("Usuário atualizado com sucesso!").first()).toBeVisible();
  await expect(own).toContainText(`${renamed} Lima`);
  await userCtx.close();
});

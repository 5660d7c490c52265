export type Profile = "admin" | "user" | "supervisor";

/** A row of the users table (and the user summary of realtime events). */
export type UserRow = { id: number; name: string; email: string; profile: string; online: boolean };

/** The user modal's values as the inputs hold them. */
export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket: "enable" | "disable";
  whatsappId: number | null;
  queueIds: number[];
};

export const EMPTY_USER: UserFormValues = {
  name: "",
  email: "",
  password: "",
  profile: "user",
  allTicket: "disable",
  whatsappId: null,
  queueIds: [],
};

/** The viewer as the users page needs them. */
export type UsersViewer = { id: number; isAdmin: boolean };

import { sql } from "drizzle-orm";
import { getDb } from "@/db";

// A message row the database refuses: tests of the batched writes (db/batched-statement.ts) make
// one write of a statement fail, to see that only that write fails.
export const REFUSED_BODY = "recusar";

/** From now on, inserting a message whose body is REFUSED_BODY raises "refused by the test". */
export async function refuseBody() {
  await getDb().execute(sql`
    create function refuse_body() returns trigger language plpgsql as $$
    begin
      if new.body = ${sql.raw(`'${REFUSED_BODY}'`)} then raise exception 'refused by the test'; end if;
      return new;
    end $$;
    create trigger refuse_body before insert on messages for each row execute function refuse_body()`);
}

/** Undoes refuseBody (nothing if it was not done). */
export async function allowBody() {
  await getDb().execute(sql`drop trigger if exists refuse_body on messages; drop function if exists refuse_body()`);
}

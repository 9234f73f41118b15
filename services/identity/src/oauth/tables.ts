import { ident, type SqlExecutor } from '@donaciones/kit'

const ready = new WeakMap<SqlExecutor, Map<string, Promise<void>>>()

async function create(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`create schema if not exists ${s};
    create table if not exists ${s}.oauth_flows (
      state text primary key,
      provider text not null,
      code_verifier text,
      expires_at timestamptz not null);
    create table if not exists ${s}.oauth_handoffs (
      key_hash text primary key,
      auth_user jsonb not null,
      expires_at timestamptz not null)`)
}

/** Creates the social sign-in tables once per database and schema. */
export function oauthTables(db: SqlExecutor, schema: string): Promise<void> {
  let bySchema = ready.get(db)
  if (!bySchema) {
    bySchema = new Map()
    ready.set(db, bySchema)
  }
  let done = bySchema.get(schema)
  if (!done) {
    done = create(db, schema)
    done.catch(() => bySchema.delete(schema))
    bySchema.set(schema, done)
  }
  return done
}

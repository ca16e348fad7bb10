import pg from 'pg';

/**
 * Test files each use a schema of their own on PostgreSQL. They are dropped here, once every file has
 * finished: a schema dropped while another file's migrator lists the tables of all schemas makes that
 * listing fail ("schema … does not exist").
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname like 'test\\_%'",
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}

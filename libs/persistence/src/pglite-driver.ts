import { EventEmitter } from 'node:events';
import { PGlite, types, type Results } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/**
 * Opens the embedded PostgreSQL (PGlite) for the standalone runtime. `dataDir` undefined
 * keeps everything in memory (tests). Parsers mirror node-postgres so query results have
 * the same shapes as on a real server (int8 and numeric as strings).
 */
export async function openEmbeddedPostgres(dataDir?: string): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pgcrypto },
    parsers: {
      [types.INT8]: (value: string) => value,
      [types.NUMERIC]: (value: string) => value,
    },
    serializers: {
      // node-postgres sends booleans as 'true'/'false'; PGlite needs the literal.
      [types.BOOL]: (value: unknown) => (value === true || value === 'true' ? 'TRUE' : 'FALSE'),
    },
  });
}

interface PgStyleResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: Results['fields'];
}

type QueryCallback = (error: Error | null, result?: PgStyleResult) => void;

/** The first SQL keyword, which TypeORM reads as node-postgres' `command`. */
function commandOf(sql: string): string {
  return /^\s*(?:WITH\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase() ?? '';
}

/** A node-postgres style client over the one PGlite session. */
class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  async query(
    statement: string | { text: string; values?: unknown[] },
    parameters?: unknown[] | QueryCallback,
    callback?: QueryCallback,
  ) {
    // A prepared statement's name means nothing to the one embedded session: it runs as is.
    const sql = typeof statement === 'string' ? statement : statement.text;
    const inline = Array.isArray(parameters) ? parameters : undefined;
    const params = typeof statement === 'string' ? inline : statement.values;
    const done = typeof parameters === 'function' ? parameters : callback;
    try {
      // Without parameters, exec() allows several statements (migrations); TypeORM expects
      // the last statement's result, as node-postgres gives it.
      const result =
        params && params.length > 0
          ? await this.db.query(sql, params)
          : ((await this.db.exec(sql)).at(-1) ?? { rows: [], fields: [], affectedRows: 0 });
      const shaped: PgStyleResult = {
        rows: result.rows,
        rowCount: result.affectedRows ?? result.rows.length,
        command: commandOf(sql),
        fields: result.fields,
      };
      done?.(null, shaped);
      return shaped;
    } catch (error) {
      done?.(error as Error);
      throw error;
    }
  }
}

/** Turns at the one session of each embedded database, shared by every pool on it. */
const sessions = new WeakMap<PGlite, () => Promise<() => void>>();

/**
 * Hands out the database's one session to one holder at a time: the answer resolves to the
 * release once every earlier holder has released it.
 */
export function sessionTurns(db: PGlite): () => Promise<() => void> {
  let acquire = sessions.get(db);
  if (!acquire) {
    let tail: Promise<void> = Promise.resolve();
    acquire = () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const turn = tail.then(() => release);
      tail = tail.then(() => released);
      return turn;
    };
    sessions.set(db, acquire);
  }
  return acquire;
}

/**
 * A node-postgres `Pool` look-alike for TypeORM's postgres driver. PGlite has a single
 * session, so the pool hands out one client at a time: a transaction holds the session
 * until TypeORM releases it, and concurrent work queues behind it instead of running
 * inside someone else's transaction. The turns are per database, not per pool: the
 * standalone runtime's services each have a data source on the same database.
 */
export function pgliteDriver(db: PGlite): { Pool: new () => EventEmitter } {
  const acquire = sessionTurns(db);

  class PGliteSerialPool extends EventEmitter {
    connect(callback: (error: Error | null, client?: PGliteClient, release?: () => void) => void) {
      acquire().then(
        (release) => {
          let done = false;
          const releaseOnce = () => {
            if (!done) {
              done = true;
              release();
            }
          };
          callback(null, new PGliteClient(db), releaseOnce);
        },
        (error: Error) => callback(error),
      );
    }

    /** The PGlite instance belongs to the runtime, which closes it after every data source. */
    end(callback?: (error?: Error) => void) {
      callback?.();
    }
  }

  return { Pool: PGliteSerialPool };
}

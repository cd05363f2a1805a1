/**
 * Counts the writes to each table that go through the database handle, so a cache of rarely written rows (the
 * product catalogue) can keep them until someone writes that table, and reload them then. A write the plugin
 * cannot attribute to a table (raw SQL, schema changes) counts as a write to every table.
 */
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

function tableName(node: OperationNode | undefined): string | null {
  if (node === undefined) return null;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return null;
}

/** The tables a query writes: [] for a read, null when it cannot tell. */
export function writtenTables(node: RootOperationNode): string[] | null {
  if (SelectQueryNode.is(node)) return [];
  if (InsertQueryNode.is(node)) return [tableName(node.into)].filter((name) => name !== null);
  if (UpdateQueryNode.is(node)) return [tableName(node.table)].filter((name) => name !== null);
  if (DeleteQueryNode.is(node)) return node.from.froms.map(tableName).filter((name) => name !== null);
  if (MergeQueryNode.is(node)) return [tableName(node.into)].filter((name) => name !== null);
  return null;
}

export class TableWrites implements KyselyPlugin {
  private readonly counts = new Map<string, number>();
  private unattributed = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables === null || (tables.length === 0 && !SelectQueryNode.is(node))) this.unattributed += 1;
    for (const table of tables ?? []) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  /** A number that changes whenever one of `tables` has been written. */
  version(tables: readonly string[]): number {
    return tables.reduce((sum, table) => sum + (this.counts.get(table) ?? 0), this.unattributed);
  }
}

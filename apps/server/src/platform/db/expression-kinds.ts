/**
 * What the expressions a Kysely SELECT returns hold, where SQLite stores that in another form
 * (sqlite-values.ts): SQLite names no origin for an expression, yet Kysely types `max('createdAt')` as the
 * column's Date and `exists(…)` as a boolean, which is what PostgreSQL answers. Read from the query as compiled,
 * so with the names the database uses (CamelCasePlugin has run). A result column that is a plain column is left
 * to its origin; an expression not known here reads as SQLite computes it (a count is a number on both).
 */
import {
  AggregateFunctionNode,
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  FunctionNode,
  IdentifierNode,
  type OperationNode,
  OperatorNode,
  OrNode,
  ParensNode,
  ReferenceNode,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  UnaryOperationNode,
} from 'kysely';
import type { ColumnKind } from './column-kinds.gen.ts';
import { columnKind } from './sqlite-values.ts';

/** The tables a SELECT names (by alias or name), and the scope of the query it is a subquery of. */
interface Scope {
  tables: Map<string, string>;
  outer: Scope | undefined;
}

/** Aggregates and functions that return one of their arguments. */
const PASSING = new Set(['min', 'max', 'coalesce', 'ifnull', 'nullif']);
/** Operators that answer true or false. */
const PREDICATES = new Set([
  ...['=', '==', '!=', '<>', '<', '<=', '>', '>=', 'in', 'not in', 'is', 'is not', 'between'],
  ...['like', 'not like', 'ilike', 'not ilike', 'regexp', 'is distinct from', 'is not distinct from'],
  ...['not', 'exists', 'not exists'],
]);

const nameOf = (node: OperationNode): string | undefined => (IdentifierNode.is(node) ? node.name : undefined);

function scopeOf(query: SelectQueryNode, outer: Scope | undefined): Scope {
  const tables = new Map<string, string>();
  for (const node of [...(query.from?.froms ?? []), ...(query.joins ?? []).map((join) => join.table)]) {
    if (TableNode.is(node)) tables.set(node.table.identifier.name, node.table.identifier.name);
    else if (AliasNode.is(node) && TableNode.is(node.node)) {
      const alias = nameOf(node.alias);
      if (alias) tables.set(alias, node.node.table.identifier.name);
    }
  }
  return { tables, outer };
}

/**
 * A qualified column by the scope that names its table, innermost first; an unqualified one only in its own
 * SELECT: this map knows no column of other kinds that an inner table might hold under the same name.
 */
function referenceKind(table: string | undefined, column: string, scope: Scope): ColumnKind | undefined {
  if (table === undefined) {
    for (const name of scope.tables.values()) {
      const kind = columnKind(name, column);
      if (kind) return kind;
    }
    return undefined;
  }
  for (let at: Scope | undefined = scope; at; at = at.outer) {
    const name = at.tables.get(table);
    if (name !== undefined) return columnKind(name, column);
  }
  return undefined;
}

function firstKind(nodes: readonly OperationNode[], scope: Scope): ColumnKind | undefined {
  for (const node of nodes) {
    const kind = kindOf(node, scope);
    if (kind) return kind;
  }
  return undefined;
}

function kindOf(node: OperationNode, scope: Scope): ColumnKind | undefined {
  if (ReferenceNode.is(node)) {
    if (!ColumnNode.is(node.column)) return undefined;
    return referenceKind(node.table?.table.identifier.name, node.column.column.name, scope);
  }
  if (ColumnNode.is(node)) return referenceKind(undefined, node.column.name, scope);
  if (AggregateFunctionNode.is(node) || FunctionNode.is(node)) {
    if (!PASSING.has(node.func.toLowerCase())) return undefined;
    return firstKind(AggregateFunctionNode.is(node) ? node.aggregated : node.arguments, scope);
  }
  if (BinaryOperationNode.is(node) || UnaryOperationNode.is(node)) {
    const operator = OperatorNode.is(node.operator) ? node.operator.operator : undefined;
    return operator !== undefined && PREDICATES.has(operator) ? 'bool' : undefined;
  }
  if (AndNode.is(node) || OrNode.is(node)) return 'bool';
  if (ParensNode.is(node)) return kindOf(node.node, scope);
  if (SelectQueryNode.is(node)) {
    const first = node.selections?.[0]?.selection;
    const inner = first && AliasNode.is(first) ? first.node : first;
    return inner ? kindOf(inner, scopeOf(node, scope)) : undefined;
  }
  return undefined;
}

/** By result column name: what each expression of a SELECT returns, where SQLite stores it in another form. */
export function expressionKinds(query: RootOperationNode): Map<string, ColumnKind> {
  const kinds = new Map<string, ColumnKind>();
  if (!SelectQueryNode.is(query)) return kinds;
  let scope: Scope | undefined;
  for (const { selection } of query.selections ?? []) {
    if (!AliasNode.is(selection) || ReferenceNode.is(selection.node) || ColumnNode.is(selection.node))
      continue;
    scope ??= scopeOf(query, undefined);
    const name = nameOf(selection.alias);
    const kind = kindOf(selection.node, scope);
    if (name !== undefined && kind) kinds.set(name, kind);
  }
  return kinds;
}

/**
 * Cuts a JSON answer to a schema of the published OpenAPI document (3.0): properties the schema
 * does not name are dropped, recursively (through `$ref`, arrays, `allOf` merged, `oneOf`/`anyOf`
 * as the union of their variants), and scalars are typed as the document types them (a number
 * where it says "string" becomes `"100"`; a string of digits where it says "number" becomes a
 * number). Anything the schema leaves open (no type, an object without properties, or with
 * `additionalProperties`) passes unchanged.
 *
 * A null where the schema does not admit one (no `nullable: true`, OpenAPI 3.0) is left out when
 * the property is not required: the document's way of saying "none" is an absent field (an open
 * static QR code's `value`, an unapproved payment's `transaction`). A required property's null
 * stays, and is reported.
 *
 * Schemas are compiled once into a small tree (`compile`); `shape` only walks it.
 */

type JsonSchema = Record<string, unknown>;
type ScalarType = 'string' | 'number' | 'integer' | 'boolean';

export type ShapeNode =
  | { kind: 'any' }
  | {
      kind: 'object';
      properties: Map<string, ShapeNode>;
      open: boolean;
      /** The properties whose schema admits null (`nullable: true`, no type, or a variant that does). */
      nullable: ReadonlySet<string>;
      required: ReadonlySet<string>;
    }
  | { kind: 'array'; items: ShapeNode }
  | { kind: 'scalar'; types: ReadonlySet<ScalarType> }
  | { kind: 'union'; variants: ShapeNode[]; merged?: ShapeNode }
  | { kind: 'ref'; name: string };

/** A value whose type differs from the document's: coerced when it can be (`to`), else passed as is. */
export interface TypeMismatch {
  /** Where in the answer, e.g. `pixQrCode.value` or `transactions[].value`. */
  path: string;
  expected: string;
  actual: string;
  coerced: boolean;
}

const ANY: ShapeNode = { kind: 'any' };
const SCALARS = new Set<string>(['string', 'number', 'integer', 'boolean']);

export class SchemaCompiler {
  private readonly refs = new Map<string, ShapeNode>();

  constructor(private readonly document: JsonSchema) {}

  compile(schema: unknown): ShapeNode {
    if (!schema || typeof schema !== 'object') return ANY;
    const s = schema as JsonSchema;
    // OpenAPI 3.0: a $ref replaces its siblings (`{type: "object", $ref: …}` is the ref).
    if (typeof s.$ref === 'string') return this.ref(s.$ref);
    if (Array.isArray(s.allOf)) return this.merge((s.allOf as unknown[]).map((part) => this.compile(part)));
    const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (Array.isArray(union)) return { kind: 'union', variants: union.map((variant) => this.compile(variant)) };
    const type = s.type;
    if (type === 'array' || (type === undefined && s.items !== undefined))
      return { kind: 'array', items: this.compile(s.items) };
    if (type === 'object' || (type === undefined && s.properties !== undefined)) {
      if (!s.properties || typeof s.properties !== 'object') return ANY;
      const properties = new Map<string, ShapeNode>();
      const nullable = new Set<string>();
      for (const [name, property] of Object.entries(s.properties as JsonSchema)) {
        properties.set(name, this.compile(property));
        if (this.admitsNull(property)) nullable.add(name);
      }
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      return { kind: 'object', properties, open: Boolean(s.additionalProperties), nullable, required };
    }
    if (typeof type === 'string' && SCALARS.has(type)) return { kind: 'scalar', types: new Set([type as ScalarType]) };
    return ANY;
  }

  /**
   * Whether a value of this schema may be null in OpenAPI 3.0: `nullable: true`, or a schema that
   * types nothing (no type, properties or items), or a union with such a variant. A `$ref` is its
   * target (its siblings are ignored, as for shaping). Depth-bounded for schemas that refer to themselves.
   */
  private admitsNull(schema: unknown, depth = 0): boolean {
    if (!schema || typeof schema !== 'object' || depth > 32) return true;
    const s = schema as JsonSchema;
    if (typeof s.$ref === 'string') return this.admitsNull(this.resolvePointer(s.$ref), depth + 1);
    if (s.nullable === true) return true;
    if (Array.isArray(s.allOf)) return (s.allOf as unknown[]).every((part) => this.admitsNull(part, depth + 1));
    const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (Array.isArray(union)) return union.some((variant) => this.admitsNull(variant, depth + 1));
    return s.type === undefined && s.properties === undefined && s.items === undefined;
  }

  private ref(pointer: string): ShapeNode {
    if (!this.refs.has(pointer)) {
      // A placeholder while it compiles: a schema that refers to itself makes a cycle, not a loop.
      this.refs.set(pointer, ANY);
      this.refs.set(pointer, this.compile(this.resolvePointer(pointer)));
    }
    return { kind: 'ref', name: pointer };
  }

  /** The compiled schema a `$ref` names. */
  target(node: Extract<ShapeNode, { kind: 'ref' }>): ShapeNode {
    return this.refs.get(node.name) ?? ANY;
  }

  private resolvePointer(pointer: string): unknown {
    if (!pointer.startsWith('#/')) return undefined;
    let at: unknown = this.document;
    for (const raw of pointer.slice(2).split('/')) {
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      at = at && typeof at === 'object' ? (at as JsonSchema)[part] : undefined;
    }
    return at;
  }

  /** allOf: one object with every part's properties; a part that says nothing (a description) is skipped. */
  private merge(parts: ShapeNode[]): ShapeNode {
    const resolved = parts.map((part) => this.deref(part)).filter((part) => part.kind !== 'any');
    if (resolved.length === 0) return ANY;
    if (resolved.length === 1) return resolved[0]!;
    return this.unionOfObjects(resolved, 'every') ?? { kind: 'union', variants: resolved };
  }

  deref(node: ShapeNode): ShapeNode {
    let at = node;
    for (let depth = 0; at.kind === 'ref' && depth < 32; depth++) at = this.target(at);
    return at;
  }

  /** The objects among `nodes` as one object naming every property any of them names; null if none is an object. */
  unionOfObjects(nodes: ShapeNode[], applies: 'every' | 'one' = 'one'): ShapeNode | null {
    const objects = nodes
      .map((node) => this.deref(node))
      .filter((node): node is Extract<ShapeNode, { kind: 'object' }> => node.kind === 'object');
    if (objects.length === 0) return null;
    const properties = new Map<string, ShapeNode>();
    for (const object of objects) {
      for (const [name, property] of object.properties) {
        const known = properties.get(name);
        properties.set(name, known ? { kind: 'union', variants: [known, property] } : property);
      }
    }
    return {
      kind: 'object',
      properties,
      open: objects.some((object) => object.open),
      ...(applies === 'every' ? allOfRules(objects) : oneOfRules(objects)),
    };
  }
}

type ObjectNode = Extract<ShapeNode, { kind: 'object' }>;

/** allOf: every part applies, so a property is required if any part requires it, nullable only if every part naming it admits null. */
function allOfRules(objects: ObjectNode[]): Pick<ObjectNode, 'nullable' | 'required'> {
  const names = new Set(objects.flatMap((object) => [...object.properties.keys()]));
  return {
    required: new Set(objects.flatMap((object) => [...object.required])),
    nullable: new Set(
      [...names].filter((name) => objects.every((object) => !object.properties.has(name) || object.nullable.has(name))),
    ),
  };
}

/** oneOf/anyOf: one variant applies, so null is allowed where any variant admits it, required only where every one requires it. */
function oneOfRules(objects: ObjectNode[]): Pick<ObjectNode, 'nullable' | 'required'> {
  const names = new Set(objects.flatMap((object) => [...object.properties.keys()]));
  return {
    nullable: new Set(objects.flatMap((object) => [...object.nullable])),
    required: new Set([...names].filter((name) => objects.every((object) => object.required.has(name)))),
  };
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarFits(types: ReadonlySet<ScalarType>, value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return types.has('string');
    case 'boolean':
      return types.has('boolean');
    case 'number':
      return types.has('number') || (types.has('integer') && Number.isInteger(value));
    default:
      return false;
  }
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The value typed as `types` asks, or undefined when it cannot be said in that type. */
function coerce(types: ReadonlySet<ScalarType>, value: unknown): { value: unknown } | undefined {
  if (types.has('string') && (typeof value === 'number' || typeof value === 'boolean')) return { value: String(value) };
  if ((types.has('number') || types.has('integer')) && typeof value === 'string' && NUMBER_TEXT.test(value))
    return { value: Number(value) };
  if (types.has('boolean') && (value === 'true' || value === 'false')) return { value: value === 'true' };
  return undefined;
}

/** Shapes values by compiled nodes; `onMismatch` hears of every scalar the document types otherwise. */
export class ResponseShaper {
  constructor(
    private readonly compiler: SchemaCompiler,
    private readonly onMismatch?: (mismatch: TypeMismatch) => void,
  ) {}

  shape(node: ShapeNode, value: unknown, path = ''): unknown {
    switch (node.kind) {
      case 'any':
        return value;
      case 'ref':
        return this.shape(this.compiler.target(node), value, path);
      case 'array':
        return Array.isArray(value) ? value.map((item) => this.shape(node.items, item, `${path}[]`)) : value;
      case 'object': {
        if (!isPlainObject(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value)) {
          const property = node.properties.get(name);
          const at = path ? `${path}.${name}` : name;
          if (!property) {
            if (node.open) out[name] = item;
            continue;
          }
          if (item === null && !node.nullable.has(name)) {
            // Not nullable: an optional field is left out; a required one keeps its null, reported.
            if (!node.required.has(name)) continue;
            this.onMismatch?.({ path: at, expected: 'non-null', actual: 'null', coerced: false });
          }
          out[name] = this.shape(property, item, at);
        }
        return out;
      }
      case 'scalar': {
        if (value === null || value === undefined || scalarFits(node.types, value)) return value;
        const coerced = coerce(node.types, value);
        this.onMismatch?.({
          path,
          expected: [...node.types].join('|'),
          actual: typeOf(value),
          coerced: coerced !== undefined,
        });
        return coerced ? coerced.value : value;
      }
      case 'union':
        return this.shapeUnion(node, value, path);
    }
  }

  private shapeUnion(node: Extract<ShapeNode, { kind: 'union' }>, value: unknown, path: string): unknown {
    const variants = node.variants.map((variant) => this.compiler.deref(variant));
    if (variants.some((variant) => variant.kind === 'any')) return value;
    if (Array.isArray(value)) {
      const array = variants.find((variant) => variant.kind === 'array');
      return array ? this.shape(array, value, path) : value;
    }
    if (isPlainObject(value)) {
      node.merged ??= this.compiler.unionOfObjects(variants) ?? ANY;
      return this.shape(node.merged, value, path);
    }
    if (value === null || value === undefined) return value;
    const scalars = variants.filter(
      (variant): variant is Extract<ShapeNode, { kind: 'scalar' }> => variant.kind === 'scalar',
    );
    if (scalars.length === 0 || scalars.some((variant) => scalarFits(variant.types, value))) return value;
    return this.shape(
      { kind: 'scalar', types: new Set(scalars.flatMap((variant) => [...variant.types])) },
      value,
      path,
    );
  }
}

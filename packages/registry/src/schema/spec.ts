import type { JsonObject, JsonValue } from '../types.ts'

/** JSON data as a literal spec may write it (`as const` and const type parameters make it readonly). */
export type ReadonlyJson =
  | null
  | boolean
  | number
  | string
  | readonly ReadonlyJson[]
  | { readonly [key: string]: ReadonlyJson }

/** The scalar and container types a SchemaSpec property may declare. */
export type SchemaSpecType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array'

interface PropertySpecBase {
  /** `true` makes the key mandatory; anything but a boolean is an authoring error. */
  readonly required?: boolean
  readonly description?: string
  /** Shown to the model only: validateArgs never applies it. */
  readonly default?: ReadonlyJson
}

/** A string property, optionally limited to a non-empty list of allowed strings. */
export interface StringPropertySpec extends PropertySpecBase {
  readonly type: 'string'
  readonly enum?: readonly string[]
}

/** A number, integer or boolean property. */
export interface ScalarPropertySpec extends PropertySpecBase {
  readonly type: 'number' | 'integer' | 'boolean'
}

/** An object property; without `properties` only the container type is checked. */
export interface ObjectPropertySpec extends PropertySpecBase {
  readonly type: 'object'
  readonly properties?: SchemaSpec
}

/** An array property; without `items` only the container type is checked. */
export interface ArrayPropertySpec extends PropertySpecBase {
  readonly type: 'array'
  readonly items?: PropertySpec
}

/** One property of the defineTool parameter DSL. */
export type PropertySpec = StringPropertySpec | ScalarPropertySpec | ObjectPropertySpec | ArrayPropertySpec

/** The author-facing parameter DSL of defineTool: a record of property specs (the object root). */
export type SchemaSpec = { readonly [key: string]: PropertySpec }

type Simplify<T> = { [K in keyof T]: T[K] } & {}

// why: a depth counter as a tuple; past 16 nested levels inference gives up to JsonValue so a
// pathological spec cannot blow the type checker's instantiation budget.
type Depth = readonly unknown[]
type Deeper<D extends Depth> = readonly [...D, unknown]

type RequiredKeys<S> = { [K in keyof S]: S[K] extends { readonly required: true } ? K : never }[keyof S]
type OptionalKeys<S> = Exclude<keyof S, RequiredKeys<S>>

type InferObject<S, D extends Depth> = D['length'] extends 16
  ? JsonObject
  : Simplify<
      { -readonly [K in RequiredKeys<S>]: InferProperty<S[K], Deeper<D>> } & {
        -readonly [K in OptionalKeys<S>]?: InferProperty<S[K], Deeper<D>>
      }
    >

type InferProperty<P, D extends Depth> = D['length'] extends 16
  ? JsonValue
  : P extends { readonly type: 'string'; readonly enum: readonly (infer E extends string)[] }
    ? E
    : P extends { readonly type: 'string' }
      ? string
      : P extends { readonly type: 'number' | 'integer' }
        ? number
        : P extends { readonly type: 'boolean' }
          ? boolean
          : P extends { readonly type: 'object'; readonly properties: infer Q }
            ? InferObject<Q, D>
            : P extends { readonly type: 'object' }
              ? JsonObject
              : P extends { readonly type: 'array'; readonly items: infer I }
                ? InferProperty<I, Deeper<D>>[]
                : P extends { readonly type: 'array' }
                  ? JsonValue[]
                  : JsonValue

/**
 * The argument type a SchemaSpec describes: `required: true` keys are mandatory, the others optional,
 * a string `enum` becomes a literal union; exact up to 16 nesting levels, then `JsonValue`.
 */
export type InferArgs<S extends SchemaSpec> = InferObject<S, readonly []>

declare const scopeKeyBrand: unique symbol

/** Opaque identity of an agent scope; compare with `===`, never inspect. */
export interface ScopeKey {
  readonly [scopeKeyBrand]: true
}

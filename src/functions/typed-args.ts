/**
 * Arguments that arrive as Excel data types. With `allowCustomDataForDataTypeAny` Excel hands an
 * `any` parameter the cell's value object: a formatted number from another SVC cell
 * ({type:"Double", basicValue, numberFormat}) or the SVC.COMPANY entity card. Functions read the
 * plain value; a ticker argument also accepts the card (its `ticker` property).
 */
import { invalidArgument } from "../api";

interface ValueObject {
  type?: unknown;
  basicValue?: unknown;
  text?: unknown;
  properties?: Record<string, unknown>;
}

function isValueObject(v: unknown): v is ValueObject {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof (v as ValueObject).type === "string";
}

/** The plain value of one argument: data types unwrapped (ranges element by element); others as given. */
export function plainArgument(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainArgument);
  if (!isValueObject(v)) return v;
  if (v.type === "Entity") return typeof v.text === "string" ? v.text : null;
  return v.basicValue ?? null;
}

/** The ticker an argument names: text, or the `ticker` property of an entity card (e.g. =SVC.FILINGS(A1) on an SVC.COMPANY card). */
export function tickerOf(v: unknown): unknown {
  const one = v;
  if (isValueObject(one) && one.type === "Entity") {
    const props = one.properties ?? {};
    const key = Object.keys(props).find((k) => k.toLowerCase() === "ticker");
    const t = key ? plainArgument(props[key]) : null;
    if (typeof t !== "string" || t.trim() === "")
      throw invalidArgument("ticker", "ticker: this card has no ticker property; pass a ticker such as \"AAPL\" or an SVC.COMPANY card");
    return t;
  }
  return plainArgument(one);
}

/** Text functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { TEXT_CHARS } from "./text-chars";
import { TEXT_FORMAT } from "./text-format";
import { TEXT_JOIN } from "./text-join";
import { TEXT_NUMBER } from "./text-number";
import { TEXT_REGEX } from "./text-regex";
import { TEXT_SEARCH } from "./text-search";
import { TEXT_SLICE } from "./text-slice";
import { TEXT_SPLIT } from "./text-split";
import type { PureFamily } from "./types";

export const TEXT: PureFamily = { ...TEXT_SLICE, ...TEXT_SEARCH, ...TEXT_CHARS, ...TEXT_JOIN, ...TEXT_SPLIT, ...TEXT_FORMAT, ...TEXT_NUMBER, ...TEXT_REGEX };

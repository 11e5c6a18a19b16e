/** The shared string table Excel writes for typed-in text: each distinct string once, in first-use order. */
import { escapeText } from "../parts/xml";
import { encodeXstring } from "../parts/ooxml-text";

export class SharedStrings {
  private readonly order: string[] = [];
  private readonly at = new Map<string, number>();
  private uses = 0;

  index(s: string): number {
    this.uses++;
    let i = this.at.get(s);
    if (i === undefined) {
      i = this.order.length;
      this.order.push(s);
      this.at.set(s, i);
    }
    return i;
  }

  get empty(): boolean {
    return this.order.length === 0;
  }

  xml(): string {
    const items = this.order.map((s) => `<si><t${/^\s|\s$/.test(s) ? ' xml:space="preserve"' : ""}>${escapeText(encodeXstring(s))}</t></si>`);
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.uses}" uniqueCount="${this.order.length}">${items.join("")}</sst>`
    );
  }
}

/**
 * Freeze's "as of" stamps: one comment per frozen formula cell (ExcelApi 1.10). A cell holds one comment
 * and `comments.add` on a commented cell fails (Comments API), so the cells that already have one are
 * read first and left alone (reported); a request Excel still refuses is retried one stamp at a time,
 * so one refusal costs only its own stamp. Unfreeze removes our stamps only, never a person's comment.
 */
import { normaliseAddress } from "../formula";
import { ITEMS_PER_SYNC, chunked } from "./batches";
import { excel } from "./excel";

interface Commented {
  comment: Excel.Comment;
  content: string;
}

/** Every comment of the workbook by its cell ("Sheet1!B2"). */
async function commented(ctx: Excel.RequestContext): Promise<Map<string, Commented>> {
  const list = ctx.workbook.comments.load("items/content");
  await ctx.sync();
  const out = new Map<string, Commented>();
  for (const chunk of chunked(list.items, () => 1, ITEMS_PER_SYNC)) {
    const where = chunk.map((comment) => ({ comment, at: comment.getLocation().load("address") }));
    await ctx.sync();
    for (const w of where) out.set(normaliseAddress(w.at.address).toUpperCase(), { comment: w.comment, content: w.comment.content });
  }
  return out;
}

const reasonOf = (e: unknown) => String((e as Error)?.message ?? e);

/** Add each stamp (chunks of at most `budget` characters); returns those not added, with why. */
export function stamp(stamps: readonly { address: string; text: string }[], budget: number): Promise<{ address: string; reason: string }[]> {
  return excel().run(async (ctx) => {
    const taken = await commented(ctx);
    const out: { address: string; reason: string }[] = [];
    const todo = stamps.filter((s) => {
      const free = !taken.has(s.address.toUpperCase());
      if (!free) out.push({ address: s.address, reason: "the cell already has a comment (Excel keeps one per cell), left as it was" });
      return free;
    });
    for (const chunk of chunked(todo, (s) => s.text.length + s.address.length + 64, budget)) {
      for (const s of chunk) ctx.workbook.comments.add(s.address, s.text);
      try {
        await ctx.sync();
      } catch {
        // Excel applied the chunk up to the stamp it refused: see what is there, add the rest one by one.
        const now = await commented(ctx);
        for (const s of chunk) {
          if (now.get(s.address.toUpperCase())?.content === s.text) continue;
          try {
            ctx.workbook.comments.add(s.address, s.text);
            await ctx.sync();
          } catch (e) {
            out.push({ address: s.address, reason: reasonOf(e) });
          }
        }
      }
    }
    return out;
  });
}

/** Remove the stamps `isStamp` recognises from these cells; any other comment stays. */
export function unstamp(addresses: readonly string[], isStamp: (text: string) => boolean): Promise<void> {
  if (addresses.length === 0) return Promise.resolve();
  return excel().run(async (ctx) => {
    const all = await commented(ctx);
    const ours = addresses.map((a) => all.get(a.toUpperCase())).filter((c): c is Commented => !!c && isStamp(c.content));
    for (const chunk of chunked(ours, () => 1, ITEMS_PER_SYNC)) {
      for (const c of chunk) c.comment.delete();
      await ctx.sync();
    }
  });
}

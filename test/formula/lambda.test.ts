/**
 * LAMBDA helpers (MAP, BYROW) as far as SVC calls need them: each run is the body with its parameter
 * written in, as a literal (the fake host computes it) or as the cell or row it stands for (a plan
 * reads it through the resolver like any argument, so the runs are priced and deduplicated).
 */
import { lambdaArea, lambdaHelperIn, lambdaRunsByReference, parseRange } from "../../src/formula";

const MAP = '=MAP(A1:A3,LAMBDA(t,SVC.FINANCIALS(t,"revenue","FY")))';
const BYROW = '=BYROW(Inputs!A1:B2,LAMBDA(r,SVC.FINANCIALS(INDEX(r,1,1),INDEX(r,1,2),"FY")))';

test("MAP: one run per cell, the parameter as the cell; as a literal for the host", () => {
  const h = lambdaHelperIn(MAP);
  if (!h) throw new Error("not read as MAP");
  const area = lambdaArea(h, "Sheet1");
  if (!area) throw new Error("no area");
  expect(lambdaRunsByReference(h, area, "Sheet1")).toEqual(['=SVC.FINANCIALS(A1,"revenue","FY")', '=SVC.FINANCIALS(A2,"revenue","FY")', '=SVC.FINANCIALS(A3,"revenue","FY")']);
  expect(h.bind('"AAPL"')).toBe('=SVC.FINANCIALS("AAPL","revenue","FY")');
});

test("BYROW: one run per row, the parameter as the row (on its sheet)", () => {
  const h = lambdaHelperIn(BYROW);
  if (!h) throw new Error("not read as BYROW");
  const area = lambdaArea(h, "Sheet1");
  expect(area).toEqual(parseRange("Inputs!A1:B2"));
  expect(lambdaRunsByReference(h, area ?? parseRange("A1"), "Sheet1")).toEqual([
    '=SVC.FINANCIALS(INDEX(Inputs!A1:B1,1,1),INDEX(Inputs!A1:B1,1,2),"FY")',
    '=SVC.FINANCIALS(INDEX(Inputs!A2:B2,1,1),INDEX(Inputs!A2:B2,1,2),"FY")',
  ]);
});

test("a spill reference runs over the extent the host reads; anything else is not a helper", () => {
  const h = lambdaHelperIn('=MAP(A1#,LAMBDA(x,SVC.COMPANY(x,"name")))');
  if (!h) throw new Error("not read as MAP");
  expect(lambdaArea(h, "Sheet1")).toBeNull();
  expect(lambdaArea(h, "Sheet1", () => parseRange("Sheet1!A1:A2"))).toEqual(parseRange("Sheet1!A1:A2"));
  expect(lambdaHelperIn('=SVC.COMPANY("AAPL","name")')).toBeNull();
  expect(lambdaHelperIn("=MAP(A1:A2,UPPER)")).toBeNull();
  expect(lambdaHelperIn("=MAP(A1:A2,LAMBDA(x,y,x))")).toBeNull();
});

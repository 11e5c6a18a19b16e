/**
 * Industry-specific get_financials lines (spec: "industry-specific lines exist for banks, insurers,
 * REITs, ..."): keys beyond the spec's lists, listed by the fake's /dictionary and accepted by its
 * get_financials for EVERY company (the dictionary lists what the API accepts); values are reported
 * only for companies of the industry (null elsewhere), derived from the company's own model lines.
 * Industry by SIC: banks 60xx, insurers 63xx/64xx, REITs 6798.
 */
export type Industry = "bank" | "insurer" | "reit";

export interface IndustryLine {
  key: string;
  statement: "income" | "balance" | "cash_flow";
  label: string;
  unit_kind: "currency" | "ratio";
  industry: Industry;
  /** The value from the company's base lines of the same period (USD millions, or a decimal ratio). */
  derive: (v: Record<string, number | null>) => number | null;
  concept: string | null;
  formula: string | null;
}

const times = (k: string, f: number) => (v: Record<string, number | null>) => (v[k] == null ? null : (v[k] as number) * f);

export const INDUSTRY_LINES: readonly IndustryLine[] = [
  { key: "net_interest_income", statement: "income", label: "Net interest income", unit_kind: "currency", industry: "bank", derive: times("revenue", 0.56), concept: "us-gaap:InterestIncomeExpenseNet", formula: null },
  { key: "noninterest_income", statement: "income", label: "Noninterest income", unit_kind: "currency", industry: "bank", derive: times("revenue", 0.44), concept: "us-gaap:NoninterestIncome", formula: null },
  { key: "provision_for_credit_losses", statement: "income", label: "Provision for credit losses", unit_kind: "currency", industry: "bank", derive: times("revenue", 0.06), concept: "us-gaap:ProvisionForLoanLeaseAndOtherLosses", formula: null },
  { key: "noninterest_expense", statement: "income", label: "Noninterest expense", unit_kind: "currency", industry: "bank", derive: times("sga_expense", 1), concept: "us-gaap:NoninterestExpense", formula: null },
  { key: "loans_net", statement: "balance", label: "Loans, net", unit_kind: "currency", industry: "bank", derive: times("total_assets", 0.34), concept: "us-gaap:LoansAndLeasesReceivableNetReportedAmount", formula: null },
  { key: "deposits", statement: "balance", label: "Deposits", unit_kind: "currency", industry: "bank", derive: times("total_assets", 0.6), concept: "us-gaap:Deposits", formula: null },
  { key: "premiums_earned", statement: "income", label: "Premiums earned", unit_kind: "currency", industry: "insurer", derive: times("revenue", 0.7), concept: "us-gaap:PremiumsEarnedNet", formula: null },
  { key: "losses_and_lae", statement: "income", label: "Losses and loss adjustment expenses", unit_kind: "currency", industry: "insurer", derive: times("revenue", 0.46), concept: "us-gaap:PolicyholderBenefitsAndClaimsIncurredNet", formula: null },
  { key: "combined_ratio", statement: "income", label: "Combined ratio", unit_kind: "ratio", industry: "insurer", derive: (v) => (v.revenue ? 0.94 : null), concept: null, formula: "(losses_and_lae + underwriting expenses) / premiums_earned" },
  { key: "ffo", statement: "income", label: "Funds from operations", unit_kind: "currency", industry: "reit", derive: (v) => (v.net_income == null || v.cf_da == null ? null : v.net_income + v.cf_da), concept: null, formula: "net_income + real estate depreciation - gains on sales" },
  { key: "rental_revenue", statement: "income", label: "Rental revenue", unit_kind: "currency", industry: "reit", derive: times("revenue", 0.92), concept: "us-gaap:OperatingLeaseLeaseIncome", formula: null },
];

export function industryOf(sic: string): Industry | null {
  if (sic.startsWith("60")) return "bank";
  if (sic === "6798") return "reit";
  if (sic.startsWith("63") || sic.startsWith("64")) return "insurer";
  return null;
}

export function industryLine(key: string): IndustryLine | undefined {
  return INDUSTRY_LINES.find((l) => l.key === key);
}

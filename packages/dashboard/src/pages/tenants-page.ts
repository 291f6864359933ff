import { type JobCount, type TenantRow, type TenantsView, tenantsViewDefaults } from '@quarry/queue';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The Tenants page: each tenant's settings, jobs waiting and running, cost, budget use and wait times. */
export function tenantsPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly view: TenantsView;
}): SafeHtml {
  const { view } = options;
  const rows = view.rows.map(tenantRow);
  const unreadable =
    view.unreadable.length === 0
      ? ''
      : html`<p class="reason">Stored but not tenant ids (settings or entries that break the format): ${view.unreadable.map(
          (name, index) => html`${index > 0 ? ', ' : ''}<code>${visible(name)}</code>`,
        )}</p>`;
  return layout({
    title: 'Tenants',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${view.rows.length} of ${view.known} tenant(s): those with settings, then those seen most recently. Change settings with <code>quarry tenants set</code>. Waiting and running counts come from reading up to ${tenantsViewDefaults.maxJobsScanned.toLocaleString('en')} jobs (≥ when more); wait times are bucketed (the bucket's upper bound).</p>
${unreadable}
<table>
<thead><tr><th>Tenant</th><th>Weight</th><th>Max concurrency</th><th>Waiting</th><th>Running</th><th>Jobs today</th><th>Cost today</th><th>Cost this month</th><th>Daily budget</th><th>Monthly budget</th><th>Wait p50</th><th>Wait p95</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  });
}

function tenantRow(row: TenantRow): SafeHtml {
  const { settings, usage } = row;
  const spentToday = row.spent?.todayUsd ?? usage?.today.costUsd ?? null;
  const spentMonth = row.spent?.monthUsd ?? usage?.month.costUsd ?? null;
  return html`<tr>
  <td><code>${visible(row.tenant)}</code></td>
  <td>${settings?.weight ?? 1}</td>
  <td>${settings?.maxConcurrency ?? '-'}</td>
  <td>${jobCount(row.waiting)}${row.parked ? ` (${row.parked} parked)` : ''}</td>
  <td>${jobCount(row.running)}</td>
  <td>${usage ? `${usage.today.started} started, ${usage.today.completed} completed` : 'unreadable'}</td>
  <td>${usage ? usd(usage.today.costUsd) : '-'}</td>
  <td>${usage ? usd(usage.month.costUsd) : '-'}</td>
  <td>${budget(spentToday, settings?.dailyUsd)}</td>
  <td>${budget(spentMonth, settings?.monthlyUsd)}</td>
  <td>${waitLabel(usage?.waitP50Ms ?? null)}</td>
  <td>${waitLabel(usage?.waitP95Ms ?? null)}</td>
</tr>`;
}

function jobCount(count: JobCount): string {
  return count.atLeast ? `≥ ${count.count}` : String(count.count);
}

/** Spend against a budget: `$0.50 of $1.00 (50 %)`; `-` without a budget. */
function budget(spent: number | null, limit: number | undefined): string {
  if (limit === undefined) return '-';
  if (spent === null) return `? of ${usd(limit)}`;
  const share = limit > 0 ? `${Math.round((spent / limit) * 100)} %` : 'no budget';
  return `${usd(spent)} of ${usd(limit)} (${share})`;
}

function usd(value: number): string {
  return `$${value.toFixed(value !== 0 && value < 1 ? 4 : 2)}`;
}

/** A bucketed wait: `≤ 250 ms`, `≤ 2.5 s`, `≤ 10 min`, `≤ 6 h`; `-` when none was counted. */
function waitLabel(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `≤ ${ms} ms`;
  if (ms < 60_000) return `≤ ${ms / 1000} s`;
  if (ms < 3_600_000) return `≤ ${ms / 60_000} min`;
  return `≤ ${ms / 3_600_000} h`;
}

/** A stored name with control characters shown as `\u....` escapes (the page escapes the rest). */
function visible(name: string): string {
  return name
    .slice(0, 200)
    .replace(/[\p{Cc}\p{Cf}]/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

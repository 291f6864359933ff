import type { FingerprintGroup } from '@quarry/triage';
import { ageLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';
import { replayForm } from './replay-form';

/** Per fingerprint: count, workflows, reason, first and last seen, top issues; admins replay a group. */
export function fingerprintsPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly groups: readonly FingerprintGroup[];
  readonly now: number;
}): SafeHtml {
  const admin = options.principal.role === 'admin';
  const rows = options.groups.map(
    (group) => html`<tr>
  <td><a href="/dlq?fingerprint=${encodeURIComponent(group.fingerprint)}"><code>${group.fingerprint}</code></a></td>
  <td>${group.count}<br><span class="muted">${group.states.dead} dead · ${group.states.replayed} replayed · ${group.states.quarantined} quarantined</span></td>
  <td>${group.workflows.join(', ')}</td>
  <td><span class="reason">${group.reason}</span><br><span class="muted">${group.message}</span></td>
  <td title="${group.firstSeen}">${ageLabel(group.firstSeen, options.now)} ago</td>
  <td title="${group.lastSeen}">${ageLabel(group.lastSeen, options.now)} ago</td>
  <td><ul>${group.topIssues.map((issue) => html`<li><code>${issue.signature}</code> ×${issue.count}<br><span class="muted">${issue.example}</span></li>`)}</ul></td>
  ${admin ? html`<td>${group.states.dead > 0 ? replayForm({ selection: { fingerprint: group.fingerprint }, csrf: options.csrf, label: 'Replay group' }) : ''}</td>` : ''}
</tr>`,
  );
  return layout({
    title: 'Fingerprints',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${options.groups.length} group(s) of dead letters that failed alike.</p>
<table>
<thead><tr><th>Fingerprint</th><th>Records</th><th>Workflows</th><th>Reason</th><th>First seen</th><th>Last seen</th><th>Top issues</th>${admin ? html`<th></th>` : ''}</tr></thead>
<tbody>${rows}</tbody>
</table>`,
  });
}

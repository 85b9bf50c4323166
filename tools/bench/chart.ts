/** The benchmark's chart as a plain SVG string (no dependencies): requests and time against the floor. */
import type { Results } from './index';

const WIDTH = 960;
const LABEL = 330;
const BAR_MAX = 470;
const ROW = 30;
const TIME_TARGET = 1.5;
const COLORS = {
	ours: '#2563eb',
	floor: '#9ca3af',
	peer: '#f97316',
	target: '#dc2626',
	text: '#111827',
	muted: '#4b5563',
	grid: '#e5e7eb',
};
const SHORT: Record<string, string> = {
	customers: 'Customers, Return All 10,000',
	tasks: 'Call tasks, Return All 2,000',
	records: 'Service records, Return All 100,000',
	import100k: 'Import 100,000 rows',
	import25k: 'Import 25,000 rows',
	import25kManual: 'Import 25,000 rows, per-item expressions',
	singleReads: 'Customer Get × 500 items',
	drain: 'Trigger: drain 100,000-record backlog',
	idle: 'Trigger: idle poll (2 channels)',
};

const esc = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n: number) =>
	n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 10 ? n.toFixed(1) : n.toFixed(2);

function text(
	x: number,
	y: number,
	content: string,
	options: { size?: number; weight?: string; color?: string; anchor?: string } = {},
): string {
	return `<text x="${x}" y="${y}" font-size="${options.size ?? 12}" font-weight="${options.weight ?? 'normal'}" fill="${options.color ?? COLORS.text}" text-anchor="${options.anchor ?? 'start'}">${esc(content)}</text>`;
}

const rect = (x: number, y: number, w: number, h: number, color: string) =>
	`<rect x="${x}" y="${y}" width="${Math.max(0, w).toFixed(1)}" height="${h}" fill="${color}" rx="2"/>`;
const heading = (y: number, content: string) => text(20, y, content, { size: 14, weight: 'bold' });
/** Small grey text: the subtitle, notes, legends and the peer's figure. */
const small = (x: number, y: number, content: string, color = COLORS.muted) =>
	text(x, y, content, { size: 11, color });
const legend = (x: number, y: number, color: string, label: string) =>
	rect(x, y, 12, 9, color) + small(x + 18, y + 9, label);
/** Where the figure right of a bar starts. */
const FIGURE = LABEL + BAR_MAX + 10;

export function renderChart(results: Results): string {
	const m = results.machine;
	const parts = [
		text(20, 30, 'n8n-nodes-contact-center: requests and time against the floor', {
			size: 18,
			weight: 'bold',
		}),
		small(
			20,
			50,
			`${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node} (real n8n: Node 24); sandbox on 127.0.0.1; medians; ${m.date.slice(0, 10)}; load averages per part in results.md`,
		),
	];
	let y = 80;

	// Panel 1: requests, as ours / floor with the floor at a fixed length.
	parts.push(
		heading(
			y,
			'Requests per workload: ours against the floor the API limits allow (floor = 100 %)',
		),
	);
	y += 14;
	const unit = BAR_MAX / 1.25;
	for (const row of results.floor) {
		y += ROW;
		const pct = row.floor > 0 ? Math.round((row.requests / row.floor) * 100) : 0;
		parts.push(
			text(20, y - 8, SHORT[row.id] ?? row.label),
			rect(LABEL, y - 22, unit, 9, COLORS.floor),
			rect(LABEL, y - 11, Math.min(BAR_MAX, (row.requests / row.floor) * unit), 9, COLORS.ours),
			text(FIGURE, y - 8, `${row.requests} vs ${row.floor} (${pct} %)`, {
				color: row.requests === row.floor ? COLORS.text : COLORS.muted,
			}),
		);
	}
	y += 16;
	parts.push(
		legend(LABEL, y, COLORS.floor, 'floor'),
		legend(LABEL + 70, y, COLORS.ours, 'our node (requests counted by the sandbox)'),
	);
	y += 40;

	// Panel 2: time, node / raw ratio on a log scale (ratios span 1× to hundreds×), with the target line.
	parts.push(
		heading(
			y,
			`Time per workload: our node through n8n-core ÷ a raw undici loop with our signing (target ≤ ${TIME_TARGET}×, log scale)`,
		),
	);
	y += 14;
	const time = results.floor.filter((f) => f.rawMedianMs);
	const ratioOf = (f: (typeof time)[number]) => f.nodeMedianMs / (f.rawMedianMs as number);
	const maxRatio = Math.max(10, ...time.map(ratioOf)) * 1.1;
	const xOf = (ratio: number) =>
		LABEL + (Math.log(Math.max(1, ratio)) / Math.log(maxRatio)) * BAR_MAX;
	const top = y + 8;
	// Bars after the grid, so that the grid lines run behind them.
	const bars: string[] = [];
	for (const row of time) {
		y += ROW;
		const ratio = ratioOf(row);
		const color = ratio <= TIME_TARGET ? COLORS.ours : COLORS.target;
		bars.push(
			text(20, y - 8, SHORT[row.id] ?? row.label),
			rect(LABEL, y - 18, Math.max(2, xOf(ratio) - LABEL), 12, color),
			text(
				FIGURE,
				y - 8,
				`${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}×  (${fmt(row.nodeMedianMs)} vs ${fmt(row.rawMedianMs as number)} ms)`,
			),
		);
	}
	for (const tick of [1, 1.5, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((t) => t <= maxRatio)) {
		const x = xOf(tick);
		const isTarget = tick === TIME_TARGET;
		parts.push(
			`<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${y + 4}" stroke="${isTarget ? COLORS.target : COLORS.grid}" ${isTarget ? 'stroke-dasharray="4 3"' : ''}/>`,
			text(x, y + 16, `${tick}×`, {
				size: 10,
				color: isTarget ? COLORS.target : COLORS.muted,
				anchor: 'middle',
			}),
		);
	}
	parts.push(...bars);
	y += 34;
	parts.push(
		small(LABEL, y, 'blue: within the target; red: above it (the dashed line is the target)'),
	);
	y += 30;

	// Panel 3: the peer.
	const peer = results.peer?.workloads ?? [];
	if (peer.length > 0) {
		parts.push(
			heading(
				y,
				'In a real n8n: our node against HTTP Request + Code nodes computing the signature (median time of the work nodes)',
			),
		);
		y += 14;
		const maxMs =
			Math.max(...peer.flatMap((p) => [p.ours.medianWorkMs, p.peer.medianWorkMs])) * 1.05;
		for (const { workload, ours, peer: theirs } of peer) {
			y += ROW + 6;
			const figure = (who: string, s: typeof ours) =>
				`${who} ${fmt(s.medianWorkMs)} ms, ${s.requests} req`;
			parts.push(
				text(20, y - 10, workload),
				rect(LABEL, y - 26, (ours.medianWorkMs / maxMs) * BAR_MAX, 10, COLORS.ours),
				rect(LABEL, y - 13, (theirs.medianWorkMs / maxMs) * BAR_MAX, 10, COLORS.peer),
				small(FIGURE, y - 17, figure('ours', ours), COLORS.text),
				small(FIGURE, y - 4, figure('peer', theirs)),
			);
		}
		y += 16;
		parts.push(
			legend(LABEL, y, COLORS.ours, 'Contact Center node'),
			legend(LABEL + 150, y, COLORS.peer, 'HTTP Request + Code (signature by hand)'),
		);
		y += 30;
	}
	const height = y + 10;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif">\n<rect width="100%" height="100%" fill="#ffffff"/>\n${parts.join('\n')}\n</svg>\n`;
}

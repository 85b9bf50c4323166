/** The benchmark's chart as a plain SVG string (no dependencies): requests and time against the floor. */

export interface ChartInput {
	title: string;
	subtitle: string;
	requests: Array<{ label: string; ours: number; floor: number }>;
	time: Array<{ label: string; nodeMs: number; rawMs: number }>;
	peer: Array<{
		label: string;
		oursMs: number;
		peerMs: number;
		oursRequests: number;
		peerRequests: number;
	}>;
	timeTarget: number;
}

const WIDTH = 960;
const LABEL = 330;
const BAR_MAX = 470;
const ROW = 30;
const COLORS = {
	ours: '#2563eb',
	floor: '#9ca3af',
	peer: '#f97316',
	target: '#dc2626',
	text: '#111827',
	muted: '#4b5563',
	grid: '#e5e7eb',
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

export function renderChart(input: ChartInput): string {
	const parts: string[] = [];
	let y = 30;
	parts.push(text(20, y, input.title, { size: 18, weight: 'bold' }));
	y += 20;
	parts.push(text(20, y, input.subtitle, { size: 11, color: COLORS.muted }));
	y += 30;

	// Panel 1: requests, as ours / floor with the floor at a fixed length.
	parts.push(
		text(
			20,
			y,
			'Requests per workload: ours against the floor the API limits allow (floor = 100 %)',
			{ size: 14, weight: 'bold' },
		),
	);
	y += 14;
	const unit = BAR_MAX / 1.25;
	for (const row of input.requests) {
		y += ROW;
		parts.push(text(20, y - 8, row.label, { size: 12 }));
		parts.push(rect(LABEL, y - 22, unit, 9, COLORS.floor));
		parts.push(
			rect(LABEL, y - 11, Math.min(BAR_MAX, (row.ours / row.floor) * unit), 9, COLORS.ours),
		);
		const pct = row.floor > 0 ? Math.round((row.ours / row.floor) * 100) : 0;
		parts.push(
			text(LABEL + BAR_MAX + 10, y - 8, `${row.ours} vs ${row.floor} (${pct} %)`, {
				size: 12,
				color: row.ours === row.floor ? COLORS.text : COLORS.muted,
			}),
		);
	}
	y += 16;
	parts.push(
		rect(LABEL, y, 12, 9, COLORS.floor) +
			text(LABEL + 18, y + 9, 'floor', { size: 11, color: COLORS.muted }),
	);
	parts.push(
		rect(LABEL + 70, y, 12, 9, COLORS.ours) +
			text(LABEL + 88, y + 9, 'our node (requests counted by the sandbox)', {
				size: 11,
				color: COLORS.muted,
			}),
	);
	y += 40;

	// Panel 2: time, node / raw ratio on a log scale (ratios span 1× to hundreds×), with the target line.
	parts.push(
		text(
			20,
			y,
			`Time per workload: our node through n8n-core ÷ a raw undici loop with our signing (target ≤ ${input.timeTarget}×, log scale)`,
			{ size: 14, weight: 'bold' },
		),
	);
	y += 14;
	const maxRatio = Math.max(10, ...input.time.map((t) => t.nodeMs / t.rawMs)) * 1.1;
	const xOf = (ratio: number) =>
		LABEL + (Math.log(Math.max(1, ratio)) / Math.log(maxRatio)) * BAR_MAX;
	const top = y + 8;
	// Bars after the grid, so that the grid lines run behind them.
	const bars: string[] = [];
	for (const row of input.time) {
		y += ROW;
		const ratio = row.nodeMs / row.rawMs;
		bars.push(text(20, y - 8, row.label, { size: 12 }));
		bars.push(
			rect(
				LABEL,
				y - 18,
				Math.max(2, xOf(ratio) - LABEL),
				12,
				ratio <= input.timeTarget ? COLORS.ours : COLORS.target,
			),
		);
		bars.push(
			text(
				LABEL + BAR_MAX + 10,
				y - 8,
				`${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}×  (${fmt(row.nodeMs)} vs ${fmt(row.rawMs)} ms)`,
				{ size: 12 },
			),
		);
	}
	for (const tick of [1, 1.5, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((t) => t <= maxRatio)) {
		const x = xOf(tick);
		const isTarget = tick === input.timeTarget;
		parts.push(
			`<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${y + 4}" stroke="${isTarget ? COLORS.target : COLORS.grid}" ${isTarget ? 'stroke-dasharray="4 3"' : ''}/>`,
		);
		parts.push(
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
		text(LABEL, y, 'blue: within the target; red: above it (the dashed line is the target)', {
			size: 11,
			color: COLORS.muted,
		}),
	);
	y += 30;

	// Panel 3: the peer.
	if (input.peer.length > 0) {
		parts.push(
			text(
				20,
				y,
				'In a real n8n: our node against HTTP Request + Code nodes computing the signature (median time of the work nodes)',
				{ size: 14, weight: 'bold' },
			),
		);
		y += 14;
		const maxMs = Math.max(...input.peer.flatMap((p) => [p.oursMs, p.peerMs])) * 1.05;
		for (const row of input.peer) {
			y += ROW + 6;
			parts.push(text(20, y - 10, row.label, { size: 12 }));
			parts.push(rect(LABEL, y - 26, (row.oursMs / maxMs) * BAR_MAX, 10, COLORS.ours));
			parts.push(rect(LABEL, y - 13, (row.peerMs / maxMs) * BAR_MAX, 10, COLORS.peer));
			parts.push(
				text(LABEL + BAR_MAX + 10, y - 17, `ours ${fmt(row.oursMs)} ms, ${row.oursRequests} req`, {
					size: 11,
				}),
			);
			parts.push(
				text(LABEL + BAR_MAX + 10, y - 4, `peer ${fmt(row.peerMs)} ms, ${row.peerRequests} req`, {
					size: 11,
					color: COLORS.muted,
				}),
			);
		}
		y += 16;
		parts.push(
			rect(LABEL, y, 12, 9, COLORS.ours) +
				text(LABEL + 18, y + 9, 'Contact Center node', { size: 11, color: COLORS.muted }),
		);
		parts.push(
			rect(LABEL + 150, y, 12, 9, COLORS.peer) +
				text(LABEL + 168, y + 9, 'HTTP Request + Code (signature by hand)', {
					size: 11,
					color: COLORS.muted,
				}),
		);
		y += 30;
	}
	const height = y + 10;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif">\n<rect width="100%" height="100%" fill="#ffffff"/>\n${parts.join('\n')}\n</svg>\n`;
}

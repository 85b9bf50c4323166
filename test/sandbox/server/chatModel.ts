/**
 * A scripted, OpenAI-compatible chat model (`POST /v1/chat/completions`) for the AI-agent tests:
 * deterministic, no network. The answer to a request is the script's turn after the latest one
 * whose tool calls the conversation holds (the ids say which turn made them: `call_<turn>_<n>`;
 * none: turn 0), so a conversation replays the same way every time, however the client splits
 * or merges the assistant messages of one turn. Tool-call arguments may name values
 * from the tool results the model has been sent: a string `{{tool:0._id}}` is the `_id` of the
 * first item of the latest tool result, `{{tool#1:0._id}}` the same in the second tool result of
 * the conversation. Every request is recorded (tools offered, messages) for the tests to read.
 */
import type { ChatCompletionRecord, ChatScriptTurn, ChatToolCallScript } from '../types';

interface ChatMessage {
	role?: unknown;
	content?: unknown;
	tool_call_id?: unknown;
	tool_calls?: unknown;
}

interface ChatAnswer {
	status: number;
	contentType: string;
	body: string;
}

const PLACEHOLDER = /^\{\{tool(?:#(\d+))?:([^}]*)\}\}$/;
const CALL_ID = /^call_(\d+)_\d+$/;

/** The turn that answers a conversation: one after the latest turn whose tool calls it holds. */
function nextTurn(messages: ChatMessage[]): number {
	let latest = -1;
	for (const message of messages) {
		const ids = [
			message.tool_call_id,
			...(Array.isArray(message.tool_calls)
				? message.tool_calls.map((call: unknown) =>
						call && typeof call === 'object' && 'id' in call ? call.id : undefined,
					)
				: []),
		];
		for (const id of ids) {
			const m = typeof id === 'string' ? CALL_ID.exec(id) : null;
			if (m) latest = Math.max(latest, Number(m[1]));
		}
	}
	// A final text answer already given (no tool calls) also ends a turn.
	const texts = messages.filter(
		(m) => m.role === 'assistant' && !(Array.isArray(m.tool_calls) && m.tool_calls.length > 0),
	).length;
	return latest + 1 + texts;
}

/** A message's text: a string, or the text parts of a list of parts. */
function messageText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content
			.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
			.join('');
	return '';
}

/** A tool result's JSON (parsed twice when it is JSON text holding JSON text), or its text. */
function toolResult(text: string): unknown {
	let value: unknown = text;
	for (let i = 0; i < 2 && typeof value === 'string'; i++) {
		try {
			value = JSON.parse(value);
		} catch {
			break;
		}
	}
	return value;
}

function at(value: unknown, path: string): unknown {
	let current = value;
	for (const key of path.split('.').filter(Boolean)) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

export class ScriptedChatModel {
	private script: ChatScriptTurn[] = [];
	/** What the model received, oldest first. */
	requests: ChatCompletionRecord[] = [];

	setScript(turns: ChatScriptTurn[]): void {
		this.script = turns;
		this.requests = [];
	}

	answer(rawBody: string, authorization: string | undefined): ChatAnswer {
		let body: Record<string, unknown>;
		try {
			body = JSON.parse(rawBody) as Record<string, unknown>;
		} catch {
			const error = { message: 'the body is not JSON', type: 'invalid_request_error' };
			return { status: 400, contentType: 'application/json', body: JSON.stringify({ error }) };
		}
		const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
		const turn = nextTurn(messages);
		const toolResults = messages
			.filter((m) => m.role === 'tool')
			.map((m) => toolResult(messageText(m.content)));
		const record: ChatCompletionRecord = {
			turn,
			model: typeof body.model === 'string' ? body.model : '',
			stream: body.stream === true,
			authorization: authorization ?? null,
			tools: Array.isArray(body.tools) ? body.tools : [],
			messages: messages.map((m) => ({
				role: String(m.role),
				content: messageText(m.content),
				...(typeof m.tool_call_id === 'string' ? { toolCallId: m.tool_call_id } : {}),
				...(Array.isArray(m.tool_calls) && m.tool_calls.length > 0
					? { toolCalls: JSON.stringify(m.tool_calls) }
					: {}),
			})),
		};
		this.requests.push(record);
		const scripted = this.script[turn] ?? { text: `The script has no turn ${turn}.` };
		return this.reply(body, scripted, toolResults, turn);
	}

	private resolve(value: unknown, toolResults: unknown[]): unknown {
		if (typeof value === 'string') {
			const m = PLACEHOLDER.exec(value);
			if (!m) return value;
			const result = m[1] === undefined ? toolResults.at(-1) : toolResults[Number(m[1])];
			return at(result, m[2]) ?? null;
		}
		if (Array.isArray(value)) return value.map((v) => this.resolve(v, toolResults));
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value).map(([k, v]) => [k, this.resolve(v, toolResults)]),
			);
		return value;
	}

	private reply(
		body: Record<string, unknown>,
		turn: ChatScriptTurn,
		toolResults: unknown[],
		index: number,
	): ChatAnswer {
		const toolCalls = (turn.toolCalls ?? []).map((call: ChatToolCallScript, i: number) => ({
			id: `call_${index}_${i}`,
			type: 'function',
			function: {
				name: call.name,
				// Text is sent as written (e.g. a 19-digit JSON number no JavaScript value can hold).
				arguments:
					typeof call.arguments === 'string'
						? call.arguments
						: JSON.stringify(this.resolve(call.arguments ?? {}, toolResults)),
			},
		}));
		const content = toolCalls.length > 0 ? null : (turn.text ?? '');
		const finish = toolCalls.length > 0 ? 'tool_calls' : 'stop';
		const id = `chatcmpl-scripted-${index}`;
		const created = Math.floor(Date.now() / 1000);
		const model = typeof body.model === 'string' ? body.model : 'scripted';
		const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
		if (body.stream !== true) {
			const message = {
				role: 'assistant',
				content,
				...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
			};
			return {
				status: 200,
				contentType: 'application/json',
				body: JSON.stringify({
					id,
					object: 'chat.completion',
					created,
					model,
					choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
					usage,
				}),
			};
		}
		// Server-sent events as OpenAI streams them: the delta, the finish reason, usage, [DONE].
		const chunk = (choices: unknown[], extra: object = {}) =>
			`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
		const delta =
			toolCalls.length > 0
				? {
						role: 'assistant',
						content: null,
						tool_calls: toolCalls.map((call, i) => ({ index: i, ...call })),
					}
				: { role: 'assistant', content };
		const events = [
			chunk([{ index: 0, delta, finish_reason: null }]),
			chunk([{ index: 0, delta: {}, finish_reason: finish }]),
			chunk([], { usage }),
			'data: [DONE]\n\n',
		];
		return { status: 200, contentType: 'text/event-stream', body: events.join('') };
	}
}

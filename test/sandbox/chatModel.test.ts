/** The scripted OpenAI-compatible chat model the AI-agent tests talk to (server/chatModel.ts). */
import { useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });

const TOOLS = [
	{
		type: 'function',
		function: {
			name: 'Search_customers',
			description: 'Find customers by phone',
			parameters: { type: 'object', properties: { phone: { type: 'string' } } },
		},
	},
];

async function complete(body: object): Promise<{ status: number; type: string; text: string }> {
	const res = await fetch(`${sb.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-test' },
		body: JSON.stringify(body),
	});
	return {
		status: res.status,
		type: res.headers.get('content-type') ?? '',
		text: await res.text(),
	};
}

/** An assistant message holding one tool call with this id. */
const toolCall = (id: string) => ({
	role: 'assistant',
	content: null,
	tool_calls: [{ id, type: 'function', function: { name: 'x', arguments: '{}' } }],
});

beforeEach(async () => {
	await sb.control.setChatScript([
		{ toolCalls: [{ name: 'Search_customers', arguments: { phone: '13800138000' } }] },
		{
			toolCalls: [
				{ name: 'Update_customer', arguments: { id: '{{tool:0._id}}', first: '{{tool#0:0.n}}' } },
			],
		},
		{ text: 'Done.' },
	]);
});

test('turn 0 answers with the scripted tool call and records the tools it was offered', async () => {
	const answer = await complete({
		model: 'scripted',
		messages: [{ role: 'user', content: 'Who is calling from 13800138000?' }],
		tools: TOOLS,
	});
	expect(answer.status).toBe(200);
	const body = JSON.parse(answer.text);
	expect(body.choices[0]).toMatchObject({
		finish_reason: 'tool_calls',
		message: {
			role: 'assistant',
			content: null,
			tool_calls: [
				{
					id: 'call_0_0',
					type: 'function',
					function: { name: 'Search_customers', arguments: '{"phone":"13800138000"}' },
				},
			],
		},
	});
	const [record] = await sb.control.getChatRequests();
	expect(record).toMatchObject({
		turn: 0,
		model: 'scripted',
		stream: false,
		authorization: 'Bearer sk-test',
		tools: TOOLS,
		messages: [{ role: 'user', content: 'Who is calling from 13800138000?' }],
	});
});

test('later turns take values from tool results: the latest, or a numbered one; ids stay text', async () => {
	const answer = await complete({
		model: 'scripted',
		messages: [
			{ role: 'user', content: 'x' },
			toolCall('call_0_0'),
			{
				role: 'tool',
				tool_call_id: 'call_0_0',
				content: JSON.stringify([{ _id: '1874532109876543210', n: 'first' }]),
			},
		],
	});
	const call = JSON.parse(answer.text).choices[0].message.tool_calls[0];
	expect(JSON.parse(call.function.arguments)).toEqual({
		id: '1874532109876543210',
		first: 'first',
	});
	expect((await sb.control.getChatRequests())[0].messages[2]).toEqual({
		role: 'tool',
		content: '[{"_id":"1874532109876543210","n":"first"}]',
		toolCallId: 'call_0_0',
	});
});

test('arguments given as text are sent exactly as written', async () => {
	await sb.control.setChatScript([
		{ toolCalls: [{ name: 'Get_customer', arguments: '{"customerId": 1874532109876543210}' }] },
	]);
	const answer = await complete({ messages: [{ role: 'user', content: 'x' }] });
	expect(JSON.parse(answer.text).choices[0].message.tool_calls[0].function.arguments).toBe(
		'{"customerId": 1874532109876543210}',
	);
});

test('the turn follows the tool-call ids, however the calls of one turn are split; past the script the model says so', async () => {
	const messages = [
		{ role: 'user', content: 'x' },
		toolCall('call_0_0'),
		{ role: 'tool', tool_call_id: 'call_0_0', content: '[]' },
		toolCall('call_0_1'),
		{ role: 'tool', tool_call_id: 'call_0_1', content: '[]' },
		toolCall('call_1_0'),
		{ role: 'tool', tool_call_id: 'call_1_0', content: '[]' },
	];
	const done = JSON.parse((await complete({ messages })).text).choices[0];
	expect(done).toMatchObject({ finish_reason: 'stop', message: { content: 'Done.' } });
	const past = JSON.parse(
		(await complete({ messages: [...messages, { role: 'assistant', content: 'Done.' }] })).text,
	).choices[0];
	expect(past.message.content).toBe('The script has no turn 3.');
});

test('a streaming request gets server-sent events ending in [DONE]', async () => {
	const answer = await complete({ stream: true, messages: [{ role: 'user', content: 'x' }] });
	expect(answer.type).toBe('text/event-stream');
	const events = answer.text
		.split('\n\n')
		.filter(Boolean)
		.map((e) => e.replace(/^data: /, ''));
	expect(events.at(-1)).toBe('[DONE]');
	const first = JSON.parse(events[0]);
	expect(first.choices[0].delta.tool_calls[0]).toMatchObject({
		index: 0,
		function: { name: 'Search_customers' },
	});
	expect(JSON.parse(events[1]).choices[0].finish_reason).toBe('tool_calls');
});

test('the chat model is not part of the API: its requests are not in the request log', async () => {
	await complete({ messages: [{ role: 'user', content: 'x' }] });
	expect(await sb.control.getLog()).toEqual([]);
});

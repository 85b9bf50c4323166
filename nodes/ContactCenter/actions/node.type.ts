/** Every resource of the node and its operations; the router and the description are typed by it. */
export type ContactCenterType = {
	callTask: 'create' | 'get' | 'getAll' | 'import' | 'pause' | 'start';
	callerNumberGroup: 'getAll';
	customer: 'create' | 'delete' | 'get' | 'getAll' | 'search' | 'update' | 'upsert';
	customerField: 'getAll';
	displayNumberGroup: 'create' | 'delete' | 'getAll' | 'update';
	serviceGroup: 'create' | 'delete' | 'getAll' | 'update';
	serviceRecord: 'getAll';
	voiceAgent: 'getAll';
};

export type ResourceName = keyof ContactCenterType;

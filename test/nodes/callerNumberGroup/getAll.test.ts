/** Caller Number Group → Get Many (and the group picker). */
import { listsSandbox, pagedListTests } from '../list-fixture';

const world = listsSandbox();

pagedListTests(world, 'callerNumberGroup');

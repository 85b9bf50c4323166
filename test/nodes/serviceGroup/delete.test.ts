/**
 * Service Group → Delete (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { sharedDeleteTests, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();

sharedDeleteTests(world, 'serviceGroup');

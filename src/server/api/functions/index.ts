import type { ApiFunction } from '../function.js';
import { activateAgentCustomer, agentTp, createAgentCustomer, customerList } from './agents.js';
import { ac, acCondition, createAc, createAcCondition, createAcConditionGroup, deleteAcCondition } from './campaigns.js';
import { employee } from './employees.js';
import { changeNumberBlock, createNumberBlock, deleteNumberBlock, numberBlocks } from './number-blocks.js';
import { addNumberToNumaList, createNumaListFn, removeNumberFromNumaList } from './numa-lists.js';
import { createSiteFn, site } from './sites.js';
import { tag } from './tags.js';

/** Every REST function the server answers, in the order of the REST document (extensions last). */
export const API_FUNCTIONS: readonly ApiFunction[] = [
  customerList,
  agentTp,
  createAgentCustomer,
  activateAgentCustomer,
  site,
  createSiteFn,
  ac,
  createAc,
  acCondition,
  createAcConditionGroup,
  createAcCondition,
  deleteAcCondition,
  tag,
  createNumaListFn,
  addNumberToNumaList,
  removeNumberFromNumaList,
  employee,
  numberBlocks,
  createNumberBlock,
  changeNumberBlock,
  deleteNumberBlock,
];

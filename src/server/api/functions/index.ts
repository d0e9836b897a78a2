import type { ApiFunction } from '../function.js';
import { activateAgentCustomer, agentTp, createAgentCustomer, customerList } from './agents.js';
import { ac, acCondition, createAc, createAcCondition, createAcConditionGroup, deleteAcCondition } from './campaigns.js';
import { callapiRequest } from './callapi-request.js';
import { cdrInCost, cdrOutCost, dailySdr } from './charges.js';
import { employee } from './employees.js';
import { eraseVisitor } from './erasure.js';
import { mediaFilesFn, systemMediaFiles } from './media-files.js';
import { buyNumberFn, createDialingOperation, scenarios, virtualNumbers } from './numbers.js';
import { sipLinesFn } from './sip-lines.js';
import { changeNumberBlock, createNumberBlock, deleteNumberBlock, numberBlocks } from './number-blocks.js';
import { addNumberToNumaList, createNumaListFn, removeNumberFromNumaList } from './numa-lists.js';
import { createSiteFn, site } from './sites.js';
import { advertisingSales, call, chat, chatMessages, communication, goal, offlineMessage, stat } from './reports.js';
import { tag } from './tags.js';
import { getCdrIn, getCdrOut } from './call-legs.js';
import { tagCommunication, tagCommunicationSale, untagCommunication } from './tagging.js';
import { personByVisitor, sessionInfo, visitor, visitorsByPerson } from './visitors.js';

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
  virtualNumbers,
  buyNumberFn,
  createDialingOperation,
  scenarios,
  createNumaListFn,
  addNumberToNumaList,
  removeNumberFromNumaList,
  mediaFilesFn,
  systemMediaFiles,
  employee,
  sipLinesFn,
  stat,
  communication,
  goal,
  call,
  getCdrIn,
  getCdrOut,
  chat,
  chatMessages,
  offlineMessage,
  personByVisitor,
  visitorsByPerson,
  visitor,
  sessionInfo,
  advertisingSales,
  callapiRequest,
  tagCommunication,
  tagCommunicationSale,
  untagCommunication,
  dailySdr,
  cdrInCost,
  cdrOutCost,
  numberBlocks,
  createNumberBlock,
  changeNumberBlock,
  deleteNumberBlock,
  eraseVisitor,
];

import type { ApiFunction } from './api/function.js';
import { activateAgentCustomer, agentTp, createAgentCustomer, customerList } from './accounts/agent-functions.js';
import { ac, acCondition, createAc, createAcCondition, createAcConditionGroup, deleteAcCondition } from './sites/campaign-functions.js';
import { callapiRequest } from './numbers/callapi-request-function.js';
import { cdrInCost, cdrOutCost, dailySdr } from './charges/charge-functions.js';
import { employee } from './operators/employee-functions.js';
import { eraseVisitor } from './visitors/erasure-function.js';
import { mediaFilesFn, systemMediaFiles } from './numbers/media-file-functions.js';
import { buyNumberFn, createDialingOperation, scenarios, virtualNumbers } from './numbers/number-functions.js';
import { sipLinesFn } from './operators/sip-line-functions.js';
import { changeNumberBlock, createNumberBlock, deleteNumberBlock, numberBlocks } from './numbers/number-block-functions.js';
import { addNumberToNumaList, createNumaListFn, removeNumberFromNumaList } from './numbers/numa-list-functions.js';
import { createSiteFn, site } from './sites/site-functions.js';
import { changeSite, deleteSite, rotateSiteKey, siteDetail } from './sites/site-change-functions.js';
import { changeAc, deleteAc } from './sites/campaign-change-functions.js';
import { advertisingSales, call, chat, chatMessages, communication, goal, offlineMessage, stat } from './reports/report-functions.js';
import { tag } from './reports/tag-functions.js';
import { getCdrIn, getCdrOut } from './telephony/call-leg-functions.js';
import { tagCommunication, tagCommunicationSale, untagCommunication } from './reports/tagging-functions.js';
import { personByVisitor, sessionInfo, visitor, visitorsByPerson } from './reports/visitor-functions.js';
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  resendWebhookEvent,
  rotateWebhookSecret,
  testWebhook,
  webhookDeliveries,
  webhooks,
} from './webhooks/webhook-functions.js';
import { me } from './accounts/me-function.js';
import { customer, customerTimeZone } from './accounts/customer-functions.js';
import { changeSiteSettings, siteInstallation, siteSettings } from './owner-app/site-settings-functions.js';
import { region } from './numbers/region-function.js';
import { journal } from './reports/journal-function.js';
import { dailyReport } from './reports/daily-report-function.js';
import { createStandardTags } from './owner-app/standard-tags-function.js';
import { apiLogins, changeApiLogin, createApiLogin, deleteApiLogin } from './accounts/api-login-functions.js';
import { changePassword } from './accounts/own-password-function.js';
import {
  changeEmployeeFn,
  createEmployeeFn,
  deleteEmployeeFn,
  employeeAssignment,
  employeePassword,
} from './operators/employee-write-functions.js';
import {
  addScenarioRouteFn,
  changeScenario,
  createScenarioFn,
  removeScenarioRouteFn,
  scenarioDetail,
} from './numbers/scenario-functions.js';
import { numaList } from './numbers/numa-list-function.js';
import { carrierConnections, carrierSetup, checkCarrier, connectCarrier, disconnectCarrier } from './carriers/connection-functions.js';
import {
  buyCarrierNumber,
  carrierNumbers,
  importCarrierNumber,
  releaseNumber,
  routeCarrierNumber,
  searchCarrierNumbers,
} from './carriers/number-stock-functions.js';
import { changeSiteCallRecording, siteCallRecording } from './carriers/recording-functions.js';
import { previewLink } from './tracking/preview-function.js';
import { numberReasons } from './tracking/number-reasons-function.js';
import { poolUsageFn } from './leases/pool-usage-function.js';
import { deleteQualificationRule, qualificationRules, setQualificationRule } from './qualification/rule-functions.js';
import { createCustomTagFn, customTagList, deleteCustomTagFn } from './qualification/custom-tag-functions.js';
import { apiKeys, createApiKeyFn, revokeApiKeyFn } from './accounts/api-key-functions.js';
import {
  changeConversionDestination,
  connectConversionDestination,
  conversionDestinations,
  disconnectConversionDestination,
} from './conversions/destination-functions.js';
import { conversionCsv, conversionLogFn } from './conversions/log-functions.js';
import { mailStatus, sendTestMail } from './mail/mail-functions.js';
import { alertSettings, setAlertSettings } from './mail/alert-functions.js';
import { reportSchedules, setReportSchedule } from './mail/report-functions.js';
import { importAdCosts, mapAdCampaign, setAdCost } from './costs/cost-functions.js';
import { campaignCostsReport } from './costs/costs-report-function.js';

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
  webhooks,
  createWebhook,
  changeWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  webhookDeliveries,
  resendWebhookEvent,
  testWebhook,
  // The site owner's app's own needs, as extensions in the document's manner (docs/rest-api.md).
  me,
  customer,
  customerTimeZone,
  siteInstallation,
  siteSettings,
  changeSiteSettings,
  siteDetail,
  changeSite,
  rotateSiteKey,
  deleteSite,
  changeAc,
  deleteAc,
  region,
  journal,
  dailyReport,
  createStandardTags,
  apiLogins,
  createApiLogin,
  changeApiLogin,
  deleteApiLogin,
  changePassword,
  employeeAssignment,
  createEmployeeFn,
  changeEmployeeFn,
  employeePassword,
  deleteEmployeeFn,
  scenarioDetail,
  createScenarioFn,
  changeScenario,
  addScenarioRouteFn,
  removeScenarioRouteFn,
  numaList,
  carrierSetup,
  carrierConnections,
  connectCarrier,
  checkCarrier,
  disconnectCarrier,
  carrierNumbers,
  importCarrierNumber,
  searchCarrierNumbers,
  buyCarrierNumber,
  routeCarrierNumber,
  releaseNumber,
  siteCallRecording,
  changeSiteCallRecording,
  previewLink,
  numberReasons,
  poolUsageFn,
  qualificationRules,
  setQualificationRule,
  deleteQualificationRule,
  customTagList,
  createCustomTagFn,
  deleteCustomTagFn,
  apiKeys,
  createApiKeyFn,
  revokeApiKeyFn,
  conversionDestinations,
  connectConversionDestination,
  changeConversionDestination,
  disconnectConversionDestination,
  conversionLogFn,
  conversionCsv,
  mailStatus,
  sendTestMail,
  alertSettings,
  setAlertSettings,
  reportSchedules,
  setReportSchedule,
  importAdCosts,
  mapAdCampaign,
  setAdCost,
  campaignCostsReport,
];

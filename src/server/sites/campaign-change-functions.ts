import { z } from 'zod';
import { ownCampaign } from './campaign-functions.js';
import { campaignNameTaken, removeCampaign, renameCampaign } from './campaigns.js';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { timestamp } from '../store/time.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): renaming and deleting an ad campaign. Deleting removes
 * it softly, as a site configuration import does: it matches no new visit, the records that carry
 * it keep its id and name (the REST visitor record says `is_removed`), and its numbers are free
 * for another campaign (sites/number-sharing.ts, sites/number-owners.ts).
 */

export const changeAc = apiFunction({
  name: 'change_ac',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Rename an ad campaign (extension)',
  description:
    'Renames campaign `id`; a name another campaign of its site has (removed ones too) is `409 100502`. Records keep the ' +
    'campaign’s id, so reports show the new name. Not in the REST document.',
  names: { id: 'campaign' },
  args: z.object({ id: id(), name: text() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ctx.store.db.transaction().execute(async (tx) => {
      const c = await ownCampaign(tx, ctx.customer.id, a.id);
      if (await campaignNameTaken(tx, c.site_id, a.name, a.id)) throw apiErrors.duplicateAcName();
      await renameCampaign(tx, a.id, a.name);
    });
    ctx.store.siteDataChanged();
    return undefined;
  },
});

export const deleteAc = apiFunction({
  name: 'delete_ac',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Delete an ad campaign (extension)',
  description:
    'Removes campaign `id`: it matches no new visit and is no longer listed; the records it brought keep it (the journal and ' +
    'reports show it as deleted), its name stays taken on its site, and its numbers may go to another campaign. ' +
    'Not in the REST document.',
  names: { id: 'campaign' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownCampaign(ctx.store.db, ctx.customer.id, a.id);
    await removeCampaign(ctx.store.db, a.id, timestamp(ctx.now()));
    ctx.store.siteDataChanged();
    return undefined;
  },
});

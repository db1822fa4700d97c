import { useSearchParams } from 'react-router';
import { PublishForm } from '../components/PublishForm';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/addResourceOrder`: publish a spot listing from a holding or a margin hang order; `?holdId=` preselects the holding. */
export function AddResourceOrderPage() {
  const [search] = useSearchParams();
  const holdId = search.get('holdId') ?? undefined;
  return (
    <ListingMenuCard menu="addResourceOrder">
      <div style={{ maxWidth: 640 }}>
        <PublishForm key={holdId ?? ''} kinds={['X', 'B']} initialHoldId={holdId} />
      </div>
    </ListingMenuCard>
  );
}

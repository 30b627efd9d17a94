/**
 * Return codes of the `{ retcode, message, data }` envelope (spec §8). 0 is success.
 * Codes named in the spec keep their numbers; the rest extend the same families.
 */
export const RET = {
  OK: 0,
  /** Unexpected server failure (HTTP 500). */
  INTERNAL: -1,
  /** Request failed validation; `data.issues` lists the fields. */
  BAD_INPUT: -100400,
  /** Cross-system failure re-mapped (spec §8). */
  CROSS_SYSTEM: -100401,
  /** Warehouse not allowed for this user (spec §6: switch failure). */
  WAREHOUSE_FORBIDDEN: -100403,
  /** Record not found (or not in this warehouse). */
  NOT_FOUND: -100404,
  /** No valid session: the client goes to /tob/login with redirect_url (spec §8). */
  NOT_LOGGED_IN: -100405,
  /** Logged in, but the permission this call needs is missing. */
  PERMISSION_DENIED: -100406,
  /** The tenant header differs from the session's warehouse: the client asks to reload. */
  WAREHOUSE_MISMATCH: -100407,
  /** A mutation without a valid CSRF header. */
  CSRF_INVALID: -100408,
  /** Offline ops: the batch does not continue the device's sequence; `data.acked_seq` says where to resume. */
  OUT_OF_SEQUENCE: -100409,
  /** Offline ops: this op id was already used with different content. */
  OP_CONFLICT: -100410,
  /** Create: a record with this key (or another unique value) exists already; the message names it. */
  DUPLICATE: -100411,
  /**
   * A document's status does not allow the step asked for (spec §4 lifecycles: shared/lifecycles.ts);
   * `data` holds `from` and `to` (status codes) and the message names both.
   */
  ILLEGAL_TRANSITION: -100412,
  /**
   * The call belongs to a warehouse feature that is off in the session's warehouse (spec §6 feature
   * flags, e.g. warehouse planning without the fulfilment chain); `data` names the flag and its setting.
   */
  FEATURE_OFF: -100413,
  /** Too many requests of this kind; `data.retry_after_s` says when to try again. */
  RATE_LIMITED: -100429,
  /**
   * The server is too busy to start this call now (the calls of its kind that may run at once are
   * running, and it waited its longest); nothing was done. `data.retry_after_s` says when to try again.
   */
  SERVER_BUSY: -100503,
  /** Unknown API path. */
  UNKNOWN_API: -100444,
  /** Login: wrong email or password (spec §7 user_login tolerates it). */
  BAD_CREDENTIALS: -224003,
  /** Change password: the current password is wrong. */
  WRONG_CURRENT_PASSWORD: -224004,
  /** Forgot password: a reset was requested too recently (spec §7 user_forgot tolerates it). */
  RESET_TOO_SOON: -224005,
  /** Password reset link invalid, used or expired. */
  RESET_TOKEN_INVALID: -224006,
  /** Account disabled. */
  ACCOUNT_DISABLED: -224007,
  /** New password equals the current one. */
  PASSWORD_UNCHANGED: -224008,
  /**
   * The account signed in with a temporary password an administrator set: every call but reading
   * the login info, changing the password, switching language and signing out is refused until
   * the password is changed (the app shows Change Password; the outbox waits).
   */
  PASSWORD_CHANGE_REQUIRED: -224009,
  /**
   * Inventory: a location holds too little of the stock a change needs (available to take or block,
   * blocked to unblock, pre-picked to release). `data` names location, SKU, batch, quality, wanted and available.
   */
  INSUFFICIENT_STOCK: -286001,
  /**
   * Adjust: the stock an approved adjustment changes is no longer there (moved, blocked, its
   * location deleted). The adjustment is recorded as failed with the reason and nothing is posted;
   * `data` holds `adjust_no`, `status` (fail) and the ledger's refusal (`retcode`, `detail`).
   */
  ADJUSTMENT_FAILED: -286002,
  /** Approve or reject: the adjustment (or MT order) was created by the same user; another approver must decide (four eyes). */
  APPROVER_IS_CREATOR: -286003,
  /**
   * Unblock: the units are held by a document (a blocked location, a cycle count…), not by a block
   * made by hand; `data.held_by` lists the documents. A location block ends by unblocking the location.
   */
  STOCK_HELD_BY_DOCUMENT: -286004,
  /**
   * RTS order: create, edit or approve would take the supplier's RTS orders of the day past its RTS
   * quota (Rule Center). `data` holds supplier_id, day, daily_max_qty, used_qty and qty.
   */
  RTS_QUOTA_EXCEEDED: -286005,
  /**
   * Counting: the count takes a SKU past the quantity its group expects and the surplus was not
   * confirmed; `data` holds sku_id, expected_qty, counted_qty, qty and surplus_qty. Send it again with confirm_surplus.
   */
  COUNTING_SURPLUS_UNCONFIRMED: -287101,
  /** Counting: the SKU is not expected by the ASN group; record it as a wrong SKU (create_wrong_sku_record). `data.sku_id`. */
  COUNTING_SKU_NOT_IN_GROUP: -287102,
  /** Counting: the tracking id belongs to another ASN group, or to an ASN outside this group; `data` names its group and ASN. */
  TRACKING_ID_ELSEWHERE: -287103,
  /** Counting: the carton already holds counts, so it cannot be deleted or moved to another ASN. `data.counted_qty`. */
  TRACKING_ID_HAS_COUNTS: -287104,
  /** Receiving: the ASN has a QC task to finish first (its lines need inspection). `data.task_no`. */
  QC_REQUIRED: -287105,
  /** Counting, QC, receiving, exceptions: more units than there are to take; `data.available` says how many there are. */
  INBOUND_QTY_EXCEEDS: -287106,
  /** QC: lines still need inspection before QC can be completed; `data.lines` lists them with the units left to inspect. */
  QC_INCOMPLETE: -287107,
  /** Receiving: the location is not a normal inbound staging location of type Putaway; `data.location_code`. */
  STAGING_LOCATION_UNUSABLE: -287108,
  /**
   * Putaway: the location cannot take these units now (not a cell of the warehouse; the cell, its
   * pathway or zone not normal; another temperature zone; SKU, batch or supplier mixing; max qty).
   * `data` names the location and the reason (`reason`: see server/modules/inbound/putaway-suggest.ts).
   */
  PUTAWAY_CELL_UNUSABLE: -287201,
  /** Putaway: more units than the task line has left to put (or than the ASN line received); `data.remaining` says how many. */
  PUTAWAY_QTY_EXCEEDS: -287202,
  /** Putaway: a mass task put through standard putaway or a standard task through mass putaway; `data.putaway_mode` is the task's. */
  PUTAWAY_MODE_MISMATCH: -287203,
  /** Putaway: units of the task are already put, so it can no longer be cancelled or change mode. */
  PUTAWAY_TASK_STARTED: -287204,
  /** Putaway and VAS tasks: the task is assigned to another operator; `data.assignee_id` names them. */
  TASK_ASSIGNED_ELSEWHERE: -287205,
  /**
   * ASN: the delivery slot's quota cannot take the ASN's units or cartons. `data`: slot_date,
   * shift_id, inbound_type (0 in integrated mode), quota_qty, used_qty, wanted_qty, quota_cartons,
   * used_cartons, wanted_cartons.
   */
  ASN_QUOTA_FULL: -287001,
  /** ASN quota: a slot's quota set below what ASNs have booked in it; `data` names the slot and its use. */
  ASN_QUOTA_BELOW_BOOKED: -287002,
  /** ASN quota mode switch: the warehouse is no longer in the mode the page showed (`data.quota_mode` is the stored one). */
  ASN_QUOTA_MODE_CHANGED: -287003,
  /** ASN: the group asked for has begun arriving (or is closed): new ASNs cannot join it; `data.status` is the group's. */
  ASN_GROUP_CLOSED: -287004,
  /** Arrival: the scanned box (tracking id) is not one of the arrival sheet's; `data.asn_no` names its ASN when it has one. */
  ARRIVAL_BOX_NOT_ON_SHEET: -287010,
  /** Arrival: the scanned box was checked already (`data.arrived_at`, 10-digit seconds). */
  ARRIVAL_BOX_ALREADY_CHECKED: -287011,
  /** Sales order intake: the external order number exists with other lines; `data.order_no` is the order it made. */
  ORDER_EXTERNAL_NO_CLASH: -289001,
  /** Sales order: a line names a SKU the warehouse does not have, or asks more than it holds; `data.line` (1-based) and `data.sku_id`. */
  ORDER_LINE_INVALID: -289002,
  /** Picking: the scan is not what the task asks here (wrong location, SKU or container); `data.expected` says what is. */
  PICK_WRONG_SCAN: -289101,
  /** Picking: more units than the task line has left to pick; `data.remaining`. */
  PICK_QTY_EXCEEDS: -289102,
  /** Picking: the container is in use for another task (`data.task_no`), unknown or not usable. */
  CONTAINER_UNUSABLE: -289103,
  /** Waves: an order cannot join (not allocated, on hold, waved already); `data.order_no` and `data.status`. */
  WAVE_ORDER_UNAVAILABLE: -289201,
  /** Picking: the task is in a zone the operator has no picking skill for; `data.zone_id` and `data.skill_zones`. */
  PICK_ZONE_NOT_SKILLED: -289301,
  /**
   * Sub-picking: the picking task cannot be split (or its split merged back) now: it has started, is
   * done or cancelled, is split already, is a sub task itself or a reverse picking task, or a sub task
   * of the split has started. `data.task_no`, `data.status` and `data.reason` (started, finished,
   * split, sub_task, reverse, sub_task_started).
   */
  TASK_NOT_SPLITTABLE: -289401,
  /** Sub-picking: the split asked would not make at least two sub tasks of whole stops; `data.stops` and `data.total_qty` say what the task has. */
  SPLIT_SIZE_INVALID: -289402,
  /** Picking: the task is split into sub-picking tasks, which are picked instead; `data.sub_task_nos` and `data.group_id`. */
  TASK_SPLIT: -289403,
  /** Task Picking: the task claimed there is not a sub-picking task; `data.task_no`. */
  NOT_SUB_PICKING_TASK: -289404,
  /** Checking: the station is not a checking station of the warehouse, or not in use; `data.station_id`. */
  CHECK_STATION_UNUSABLE: -289501,
  /** Checking: the container holds no order to check now (`data.reason`: empty, picking, order_picking, merging — its order waits on a merge lane for `data.waiting` —, sorting — its orders are sorted at a put wall: checked from their slots —, checked); `data.container_code`. */
  CHECK_NOTHING_TO_CHECK: -289502,
  /** Checking: the order cannot be checked now (not picked whole, in another task, checked already); `data.order_no`, `data.status`. */
  CHECK_ORDER_UNAVAILABLE: -289503,
  /** Checking: the units checked are not the order's picked units (`data.expected`, `data.checked` by SKU). */
  CHECK_UNITS_MISMATCH: -289504,
  /** Checking: the parcel's weight is outside the weight validation rule's tolerance; `data.min_g`, `data.max_g`, `data.weight_g`. */
  CHECK_WEIGHT_OUT_OF_TOLERANCE: -289505,
  /** Checking: a packaging scan the task asks is missing or is not a packaging consumable of the right type; `data.field`. */
  CHECK_PACKAGING_INVALID: -289506,
  /** Packing: the station is not a packing station of the warehouse, or not in use; `data.station_id`. */
  PACK_STATION_UNUSABLE: -289901,
  /** Packing: the order cannot be packed now; `data.reason` (unknown, not_checked, packing_elsewhere — `data.task_no`, `data.assignee_id` —, packed, cancelled), `data.order_no`, `data.status`. */
  PACK_ORDER_UNAVAILABLE: -289902,
  /** Packing: the parcels do not hold exactly the order's checked units (`data.expected`, `data.packed` by SKU). */
  PACK_PARCELS_MISMATCH: -289903,
  /** Packing: a parcel's box is not a packing box or pouch the warehouse uses, or a filler is not a filler; `data.parcel_no`, `data.consumable_id`. */
  PACK_BOX_INVALID: -289904,
  /** Packing: the parcels' weight is outside the weight validation rule's tolerance; `data.min_g`, `data.max_g`, `data.weight_g`. */
  PACK_WEIGHT_OUT_OF_TOLERANCE: -289905,
  /** A tracking number already belongs to another order or parcel of the warehouse; `data.tracking_no`, `data.order_no`. */
  TRACKING_NO_TAKEN: -289906,
  /** New tracking id: the parcel is not one that may get a new number (unknown, shipping or shipped, intercepted, replaced); `data.tracking_no`, `data.status`. */
  PARCEL_NOT_REPLACEABLE: -289907,
  /**
   * Shipping: the handover cannot take this now: `data.reason` — unknown (no handover of that number
   * in the warehouse), shipped (closed already), taken (the number belongs to another handover),
   * empty (closing one with no parcel loaded), operator (it is another operator's); `data.shipping_no`.
   */
  SHIP_HANDOVER_UNAVAILABLE: -290101,
  /**
   * Shipping: the parcel scanned cannot be loaded onto this handover: `data.reason` — unknown (no
   * parcel of that tracking number in the warehouse), not_packed, intercepted (its order was
   * cancelled), replaced (`data.replaced_by` is its number now), loaded (`data.shipping_no` holds it),
   * shipped, carrier (another carrier's: `data.carrier`), order (its order is not packed or shipping:
   * `data.order_status`); `data.tracking_no`.
   */
  SHIP_PARCEL_REFUSED: -290102,
  /** Shipping: the group shipping rule sends this parcel's carrier (and shop) by group: load it onto a pallet or bag; `data.tracking_no`, `data.rule_id`. */
  SHIP_GROUP_REQUIRED: -290103,
  /** Group shipping: the group holds the most parcels its group shipping rule allows; `data.max_parcels`, `data.shipping_no`. */
  SHIP_GROUP_FULL: -290104,
  /**
   * Shipping: the bypass TWS rule sends this parcel straight to the line haul and the handover goes
   * to the transit warehouse, or the other way round: one vehicle goes to one place;
   * `data.tracking_no`, `data.parcel_line_haul`, `data.handover_line_haul`.
   */
  SHIP_LINE_HAUL_MISMATCH: -290105,
  /** Shipping: the dock is not an outbound dock of the warehouse in use (unknown, inbound only, disabled); `data.dock_code`. */
  SHIP_DOCK_UNUSABLE: -290106,
  /** Group shipping: the pallet or bag code is on another group still loading; `data.group_code`, `data.shipping_no`. */
  SHIP_GROUP_CODE_BUSY: -290107,
  /**
   * MT packing: the order or its packing task cannot be packed now: `data.reason` — unknown (no MT
   * order of that number), not_checked (not checked yet), packed (every unit is in a closed box),
   * shipped, cancelled; `data.order_no`.
   */
  MT_PACK_ORDER_UNAVAILABLE: -291101,
  /**
   * MT packing: the box or pallet scanned cannot take this: `data.reason` — taken (the id is another
   * box's or pallet's), unknown, closed (closed already), open (a box still open on the task, or on
   * the pallet: close it first), empty (closing one with nothing in it), other_order (a box of
   * another order: a pallet carries one MT order's boxes), not_closed (a box must be closed before it
   * goes on a pallet), on_pallet (on `data.pallet_id` already), shipped; `data.box_id` or `data.pallet_id`.
   */
  MT_PACK_BOX_REFUSED: -291102,
  /** MT packing: more units of the SKU than the order has checked and not yet boxed, or a SKU it does not have; `data.sku_id`, `data.left`. */
  MT_PACK_OVER_PACKED: -291103,
  /**
   * MT shipping: the shipment cannot take this now: `data.reason` — unknown, taken (the id is another
   * shipment's), shipped (closed already), empty (closing one with nothing loaded), incomplete (an
   * order on it has units not packed, or boxes or pallets not on it: `data.order_no`, `data.missing`); `data.shipping_id`.
   */
  MT_SHIP_UNAVAILABLE: -291201,
  /**
   * MT shipping: the pallet or box scanned cannot be loaded (or unloaded): `data.reason` — unknown,
   * not_closed, destination (it goes to `data.dest_whs_id`), loaded (on `data.shipping_id`, this
   * shipment or another), not_loaded (unloading one that is not on it), on_pallet (a box on a pallet
   * ships with its pallet), shipped; `data.code`.
   */
  MT_SHIP_REFUSED: -291202,
  /** Return order intake: the return order number exists with other content; `data.asn_no` is the return ASN it made. */
  RETURN_ORDER_NO_CLASH: -292001,
  /** Return order: a line names a SKU the warehouse does not have; `data.line` (1-based) and `data.sku_id`. */
  RETURN_ORDER_LINE_INVALID: -292002,
  /**
   * Return arrival: the parcel cannot arrive as a return: `data.reason` — not_return (its tracking id
   * is on an ASN of another inbound type: `data.asn_no`), closed (its return is cancelled or past
   * arrival: `data.status`), disputed (an open dispute holds it: `data.dispute_no`); `data.tracking_no`.
   */
  RETURN_PARCEL_REFUSED: -292003,
  /**
   * Dispute processing: the return named cannot take the disputed parcel: `data.reason` — unknown (no
   * return of this warehouse has that return order or ASN number), closed (its parcel arrived already,
   * or it is cancelled: `data.asn_no`, `data.status`).
   */
  RETURN_DISPUTE_UNMATCHED: -292004,
  /**
   * Return QC: the return cannot be judged now: `data.reason` — unknown (no return of this warehouse
   * is `data.return_no`), not_arrived (its parcel has not arrived: `data.status`), closed (cancelled,
   * or every unit judged and received on: `data.status`).
   */
  RETURN_NOT_JUDGEABLE: -292005,
  /**
   * Return QC: the unit's judgement is refused: `data.reason` — checks_failed (a failed check makes
   * the unit `data.condition` at least, not Good), unknown_check (`data.check_id` is not an active check
   * of the warehouse), judgement_needed (no rule decides: the judgement must be chosen),
   * override_reason (the judgement differs from the rule's `data.rule_judgement`: a reason is needed).
   */
  RETURN_JUDGEMENT_INVALID: -292006,
  /** Instant delivery: the configuration cannot be saved; `data.field` names what is wrong (carrier_names, cutoff_time, alert_minutes). */
  INSTANT_CONFIG_INVALID: -290301,
  /**
   * Instant delivery: the parcel is not an instant parcel — instant delivery is off in the warehouse
   * (`data.reason` disabled) or its order's carrier is not one of the configuration's (`carrier`);
   * `data.tracking_no`, `data.carrier`.
   */
  INSTANT_NOT_INSTANT: -290302,
  /** Instant delivery: the parcel cannot go into a pigeonhole now: `data.reason` — not_packed, order (its order is not Packed), placed (it is in `data.pigeonhole_code` already). */
  INSTANT_PARCEL_NOT_PLACEABLE: -290303,
  /** Instant delivery: no active zone code matches the receiver's address (postcode prefix or keyword): add a zone code; `data.tracking_no`, `data.postcode`. */
  INSTANT_NO_ZONE: -290304,
  /** Instant delivery: no active pigeonhole of the parcel's zone has room; `data.zone_code`. */
  INSTANT_NO_PIGEONHOLE_ROOM: -290305,
  /** Instant delivery: the pigeonhole scanned is not the parcel's; `data.scanned`, `data.pigeonhole_code` (the right one), `data.zone_code`. */
  INSTANT_WRONG_PIGEONHOLE: -290306,
  /** Instant delivery: pigeonholes cannot be created as asked: `data.reason` — range (bad numbers or over 200), zone (not an active zone code), taken (`data.codes` exist already). */
  INSTANT_PIGEONHOLE_RANGE_INVALID: -290307,
  /**
   * Instant delivery: a rider's handover takes only instant parcels of its carrier, and opens only for
   * an instant carrier with a booking number: `data.reason` — not_instant, carrier, booking; `data.tracking_no` when a parcel.
   */
  INSTANT_RIDER_REFUSED: -290308,
  /** Instant delivery: a zone code's postcode prefixes or keywords are not usable: `data.field`, `data.value`. */
  INSTANT_ZONE_CODE_INVALID: -290309,
  /**
   * Consumables: a consumable asked for is not one the warehouse can use (unknown, inactive); nothing
   * was taken. `data.consumable_id` and `data.reason` (unknown, inactive).
   */
  CONSUMABLE_UNUSABLE: -290001,
  /** Consumables: not enough stock of a consumable; nothing was taken. `data.consumable_id`, `data.wanted`, `data.available`. */
  CONSUMABLE_SHORT: -290002,
  /** Consumables: more returned to stock than the document took out; `data.consumable_id`, `data.returned`, `data.taken`. */
  CONSUMABLE_RETURN_EXCEEDS: -290003,
  /**
   * Cancel: the order cannot be cancelled now: it is half sorted at a put wall (`sorting`: sort it
   * into its slot first), or any more: it is being shipped (`shipping`), has shipped
   * (`outbound`) or one of its parcels has shipped (`parcel_shipped`, `data.tracking_no`);
   * `data.reason`, `data.order_no`, `data.status`. (Cancelled already: -100412, the lifecycle's.)
   */
  ORDER_NOT_CANCELLABLE: -290201,
  /** Outbound exceptions: the troubleshoot task is handled already; `data.task_id`, `data.decision`. */
  OB_EXCEPTION_HANDLED: -290202,
  /** Outbound exceptions: the decision does not suit the exception's type; `data.task_id`, `data.type`, `data.decision`, `data.allowed`. */
  OB_DECISION_INVALID: -290203,
  /** Outbound exceptions: an intercept's units are not all back yet; `data.task_no` (its return task), `data.task_status`, `data.on_order_qty`. */
  OB_UNITS_NOT_RETURNED: -290204,
  /** Damaged unit report: fewer good, available units of the SKU (batch) at the location than reported; `data.available`, `data.batch_ids` when the batch must be named. */
  OB_DAMAGED_QTY_EXCEEDS: -290205,
  /**
   * Merging: the container cannot arrive on this merge lane: `data.reason` says why — unknown (not a
   * container of the warehouse), no_merge (it holds no order picked into several containers),
   * picking (its picking task is not done), arrived (it is on its lane already: `data.station_id`,
   * `data.arrived_at`), other_lane (its orders go to `data.station_id`), no_lane (no merge rule takes
   * its order yet), closed (its order was cancelled or failed); `data.container_code`.
   */
  MERGE_CONTAINER_REFUSED: -289701,
  /** Merging: the station scanned is not an enabled merge lane of the warehouse; `data.station_id`. */
  MERGE_LANE_INVALID: -289702,
  /** Sorting: the station scanned is not an enabled sorting station (put wall) of the warehouse; `data.station_id`. */
  SORT_WALL_INVALID: -289801,
  /** Sorting: the operator's sorting skills do not cover this put wall; `data.station_id`, `data.skill_stations`. */
  SORT_NOT_SKILLED: -289802,
  /**
   * Sorting: the container cannot be sorted at this put wall: `data.reason` — unknown, empty, picking
   * (its picking task is not done), no_rule (no active sorting rule takes it), other_wall (its rule
   * sends it to `data.station_ids`), no_slot (the wall has fewer free slots than its orders: `data.free`,
   * `data.needed`), sorting (another operator sorts it: `data.task_no`), several_containers (its orders are
   * picked into several containers: merged, not sorted); `data.container_code`.
   */
  SORT_CONTAINER_REFUSED: -289803,
  /** Sorting: the unit is not one the task still has to sort for that order (unknown, none left, order closed); `data.order_no`, `data.sku_id`. */
  SORT_UNIT_REFUSED: -289804,
  /** Sorting: the slot confirmed is not the order's slot; `data.slot_no` (the right one), `data.scanned`. */
  SORT_WRONG_SLOT: -289805,
  /** Pre-sorting: the tote scanned is not the one this put wall's units go into; `data.tote_code` (the right one), `data.station_id` (the wall), `data.scanned`. */
  SORT_WRONG_TOTE: -289806,
  /**
   * Pre-sorting: the tote scanned cannot take a put wall's units: `data.reason` — unknown (no container
   * of the warehouse), slot (a put wall slot), busy (it holds units or serves another task), source (the
   * container being pre-sorted); `data.tote_code`.
   */
  SORT_TOTE_UNUSABLE: -289807,
  /** Cycle count: nothing matches what the order would count (no location or SKU in scope); the message says which criteria. */
  CC_NOTHING_TO_COUNT: -285005,
  /** Cycle count: the order would count more than the limit config allows; `data.max_locations`, `data.max_skus`, `data.location_count`, `data.sku_count`. */
  CC_OVER_LIMIT: -285012,
  /**
   * Cycle count create: some of the lines are at locations another open count has (`data.skipped`,
   * `data.line_count`, `data.other_orders`); nothing is made. The create page tolerates it (spec §7):
   * it offers to make the order without them (`skip_open`).
   */
  CC_LINES_SKIPPED: -285029,
  /** Cycle count: the criteria are not valid for the order's kind or scope (a range without its end, a kind the compliance mode does not allow…); `data.field`. */
  CC_CRITERIA_INVALID: -285001,
  /** Cycle count: the order's state does not allow the step (cancel a done order, count a cancelled task…); `data.status`. */
  CC_STATE_REFUSED: -285002,
  /**
   * Cycle count: the task cannot be claimed by the caller: `data.reason` — skill (its zone is outside the
   * caller's cycle count skills), recount (the caller counted these locations in an earlier round), none
   * (no task left to claim).
   */
  CC_TASK_REFUSED: -285003,
  /** Cycle count: the location scanned is not one of the task's locations; `data.location_id`, `data.task_no`. */
  CC_WRONG_LOCATION: -285004,
  /** Cycle count: the code scanned names no SKU of the warehouse (report it as an unknown item instead); `data.code`. */
  CC_UNKNOWN_SKU: -285006,
  /** Cycle count: a second count asks for lines with no difference, or the order is at its last round (`data.max_rounds`). */
  CC_SECOND_COUNT_REFUSED: -285007,
  /** Cycle count: the import task named holds no usable rows, is another user's, or failed; `data.task_id`. */
  CC_IMPORT_REFUSED: -285008,
  /** ABC: the class thresholds are not ascending (A's cumulative share below B's); `data.a_max_pct`, `data.b_max_pct`. */
  ABC_THRESHOLDS_NOT_ASCENDING: -285401,
  /** ABC: a calculation of the warehouse is waiting or running already; `data.task_id` names it. */
  ABC_RUN_IN_PROGRESS: -285402,
  /** ABC: an excluded category is not an L1 category of the warehouse's category tree; `data.unknown` lists them. */
  ABC_CATEGORY_UNKNOWN: -285403,
  /** Cycle count frequency: the warehouse has a rule for this ABC class and high value flag already; `data.rule_id` names it. */
  CC_FREQUENCY_RULE_EXISTS: -285404,
  /** High value rule: it names neither an L1 category nor a SKU id prefix (it would flag every SKU). */
  HIGH_VALUE_RULE_NO_TARGET: -285405,
  /**
   * Full stock count (spec §4): one is running in the warehouse — starting it again, or a normal
   * cycle count while it runs, is refused with "Full Stock Count already start". The client sets
   * its flag on when it meets this code (the cc pages then redirect to the fsc ones).
   */
  FULL_STOCK_COUNT_STARTED: -285021,
  /**
   * Full stock count (spec §4): none is running in the warehouse — ending it again is refused with
   * "Full Stock Count already end". The client sets its flag off when it meets this code.
   */
  FULL_STOCK_COUNT_ENDED: -285022,
  /**
   * Full stock count: while it runs, stock cannot move (only the count's own Overage 5 and Shortage
   * 6 post); `data.whs_id` and `data.run_id` name the count. Blocks and pick reservations still change.
   */
  STOCK_FROZEN_BY_FULL_STOCK_COUNT: -285023,
  /** Import: the file is not a readable sheet of its kind (a CSV in UTF-8, an .xlsx workbook) or holds no rows; the message says why. */
  IMPORT_FILE_INVALID: -288001,
  /** Import: the file is bigger than an import takes; `data.max_bytes`. */
  IMPORT_FILE_TOO_LARGE: -288002,
  /** Import: more rows than one import takes; `data.max_rows` and `data.row_count`. */
  IMPORT_TOO_MANY_ROWS: -288003,
  /** Import: the header row lacks a required column, repeats one or names none it knows; `data.missing`, `data.repeated`, `data.columns` (the ones it reads). */
  IMPORT_HEADER_INVALID: -288004,
} as const;
export type Retcode = (typeof RET)[keyof typeof RET];

CREATE TABLE "access_status_logs" (
	"whs_id" text NOT NULL,
	"log_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"is_active" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_status_logs_whs_id_log_id_pk" PRIMARY KEY("whs_id","log_id")
);
--> statement-breakpoint
CREATE TABLE "category_nodes" (
	"whs_id" text NOT NULL,
	"category_id" text NOT NULL,
	"parent_id" text,
	"level" smallint NOT NULL,
	"category_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_nodes_whs_id_category_id_pk" PRIMARY KEY("whs_id","category_id"),
	CONSTRAINT "category_nodes_level_ck" CHECK ("category_nodes"."level" between 1 and 5),
	CONSTRAINT "category_nodes_root_ck" CHECK (("category_nodes"."level" = 1) = ("category_nodes"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cells" (
	"whs_id" text NOT NULL,
	"location_code" text NOT NULL,
	"zone_id" text NOT NULL,
	"pathway_id" text NOT NULL,
	"storey_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"occupancy" smallint DEFAULT 1 NOT NULL,
	"abc_class" smallint DEFAULT 0 NOT NULL,
	"temperature_zone" smallint NOT NULL,
	"storage_area" smallint NOT NULL,
	"rack_type" smallint NOT NULL,
	"sku_mixing" smallint NOT NULL,
	"supplier_mixing" smallint NOT NULL,
	"unit_type" text,
	"max_qty" integer,
	"pick_sequence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cells_whs_id_location_code_pk" PRIMARY KEY("whs_id","location_code"),
	CONSTRAINT "cells_status_ck" CHECK ("cells"."status" between 1 and 4),
	CONSTRAINT "cells_occupancy_ck" CHECK ("cells"."occupancy" between 1 and 3),
	CONSTRAINT "cells_abc_class_ck" CHECK ("cells"."abc_class" between 0 and 5),
	CONSTRAINT "cells_temperature_zone_ck" CHECK ("cells"."temperature_zone" between 0 and 4),
	CONSTRAINT "cells_storage_area_ck" CHECK ("cells"."storage_area" between 1 and 3),
	CONSTRAINT "cells_rack_type_ck" CHECK ("cells"."rack_type" between 1 and 6),
	CONSTRAINT "cells_unit_type_ck" CHECK ("cells"."unit_type" in ('pallet', 'case', 'bulk'))
);
--> statement-breakpoint
CREATE TABLE "docks" (
	"whs_id" text NOT NULL,
	"dock_code" text NOT NULL,
	"dock_name" text NOT NULL,
	"dock_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"zone" text,
	"max_vehicles" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docks_whs_id_dock_code_pk" PRIMARY KEY("whs_id","dock_code"),
	CONSTRAINT "docks_dock_type_ck" CHECK ("docks"."dock_type" in (1, 2, 3)),
	CONSTRAINT "docks_status_ck" CHECK ("docks"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"whs_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "export_files_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "export_tasks" (
	"whs_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"filters" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"file_format" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"row_count" integer,
	"file_name" text NOT NULL,
	"error_message" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_tasks_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id"),
	CONSTRAINT "export_tasks_status_ck" CHECK ("export_tasks"."status" in (0, 1, 2, 3)),
	CONSTRAINT "export_tasks_progress_ck" CHECK ("export_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "inbound_staging_locations" (
	"whs_id" text NOT NULL,
	"location_code" text NOT NULL,
	"staging_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"capacity" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_staging_locations_whs_id_location_code_pk" PRIMARY KEY("whs_id","location_code"),
	CONSTRAINT "inbound_staging_locations_status_ck" CHECK ("inbound_staging_locations"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "list_templates" (
	"whs_id" text NOT NULL,
	"template_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"url_path" text NOT NULL,
	"key_name" text DEFAULT '' NOT NULL,
	"station" text DEFAULT '' NOT NULL,
	"template_name" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_templates_whs_id_template_id_pk" PRIMARY KEY("whs_id","template_id"),
	CONSTRAINT "list_templates_type_ck" CHECK ("list_templates"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "logic_areas" (
	"whs_id" text NOT NULL,
	"logic_area_id" text NOT NULL,
	"logic_area_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logic_areas_whs_id_logic_area_id_pk" PRIMARY KEY("whs_id","logic_area_id"),
	CONSTRAINT "logic_areas_status_ck" CHECK ("logic_areas"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"whs_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_type" smallint DEFAULT 1 NOT NULL,
	"country" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_whs_id_merchant_id_pk" PRIMARY KEY("whs_id","merchant_id"),
	CONSTRAINT "merchants_merchant_type_ck" CHECK ("merchants"."merchant_type" in (1, 2)),
	CONSTRAINT "merchants_status_ck" CHECK ("merchants"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "outbound_staging_locations" (
	"whs_id" text NOT NULL,
	"location_code" text NOT NULL,
	"staging_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"capacity" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_staging_locations_whs_id_location_code_pk" PRIMARY KEY("whs_id","location_code"),
	CONSTRAINT "outbound_staging_locations_status_ck" CHECK ("outbound_staging_locations"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "paging_headers" (
	"user_id" integer NOT NULL,
	"url_path" text NOT NULL,
	"header" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paging_headers_user_id_url_path_pk" PRIMARY KEY("user_id","url_path")
);
--> statement-breakpoint
CREATE TABLE "parks" (
	"whs_id" text NOT NULL,
	"park_id" text NOT NULL,
	"park_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parks_whs_id_park_id_pk" PRIMARY KEY("whs_id","park_id"),
	CONSTRAINT "parks_status_ck" CHECK ("parks"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "pathways" (
	"whs_id" text NOT NULL,
	"pathway_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"pick_sequence" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pathways_whs_id_pathway_id_pk" PRIMARY KEY("whs_id","pathway_id"),
	CONSTRAINT "pathways_status_ck" CHECK ("pathways"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "rt_staging_locations" (
	"whs_id" text NOT NULL,
	"location_code" text NOT NULL,
	"staging_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"capacity" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rt_staging_locations_whs_id_location_code_pk" PRIMARY KEY("whs_id","location_code"),
	CONSTRAINT "rt_staging_locations_status_ck" CHECK ("rt_staging_locations"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "shop_groups" (
	"whs_id" text NOT NULL,
	"group_id" text NOT NULL,
	"group_name" text NOT NULL,
	"shop_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_groups_whs_id_group_id_pk" PRIMARY KEY("whs_id","group_id"),
	CONSTRAINT "shop_groups_status_ck" CHECK ("shop_groups"."status" in (1, 2)),
	CONSTRAINT "shop_groups_shop_count_ck" CHECK ("shop_groups"."shop_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"whs_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"shop_name" text NOT NULL,
	"merchant_id" text NOT NULL,
	"group_id" text,
	"shop_type" smallint DEFAULT 3 NOT NULL,
	"is_cross_border" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"contact_email" text,
	"phone" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_whs_id_shop_id_pk" PRIMARY KEY("whs_id","shop_id"),
	CONSTRAINT "shops_shop_type_ck" CHECK ("shops"."shop_type" in (1, 2, 3)),
	CONSTRAINT "shops_is_cross_border_ck" CHECK ("shops"."is_cross_border" in (0, 1)),
	CONSTRAINT "shops_status_ck" CHECK ("shops"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sku_mappings" (
	"whs_id" text NOT NULL,
	"mapping_code" text NOT NULL,
	"sku_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_mappings_whs_id_mapping_code_pk" PRIMARY KEY("whs_id","mapping_code")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"whs_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"sku_name" text NOT NULL,
	"barcode" text,
	"category" text,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"selling_type" smallint,
	"sale_status" smallint,
	"abc_class" smallint,
	"temperature_zone" smallint,
	"is_bulky" smallint DEFAULT 0 NOT NULL,
	"is_high_value" smallint DEFAULT 0 NOT NULL,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"weight_g" integer,
	"shelf_life_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_whs_id_sku_id_pk" PRIMARY KEY("whs_id","sku_id"),
	CONSTRAINT "skus_flags_ck" CHECK ("skus"."is_bulky" in (0, 1) and "skus"."is_high_value" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "staff_departments" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "staff_departments_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "station_record_settings" (
	"whs_id" text NOT NULL,
	"station_type" smallint NOT NULL,
	"record_video" smallint NOT NULL,
	"record_photo" smallint NOT NULL,
	"record_weight" smallint NOT NULL,
	"video_max_seconds" integer NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_record_settings_whs_id_station_type_pk" PRIMARY KEY("whs_id","station_type"),
	CONSTRAINT "station_record_settings_station_type_ck" CHECK ("station_record_settings"."station_type" between 1 and 7),
	CONSTRAINT "station_record_settings_flags_ck" CHECK ("station_record_settings"."record_video" in (0, 1) and "station_record_settings"."record_photo" in (0, 1) and "station_record_settings"."record_weight" in (0, 1)),
	CONSTRAINT "station_record_settings_video_max_seconds_ck" CHECK ("station_record_settings"."video_max_seconds" between 10 and 600),
	CONSTRAINT "station_record_settings_retention_days_ck" CHECK ("station_record_settings"."retention_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"whs_id" text NOT NULL,
	"station_id" text NOT NULL,
	"station_name" text NOT NULL,
	"station_type" smallint NOT NULL,
	"checking_mode" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"assigned_user" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_whs_id_station_id_pk" PRIMARY KEY("whs_id","station_id"),
	CONSTRAINT "stations_station_type_ck" CHECK ("stations"."station_type" between 1 and 7),
	CONSTRAINT "stations_checking_mode_ck" CHECK (("stations"."station_type" = 1) = ("stations"."checking_mode" is not null) and ("stations"."checking_mode" is null or "stations"."checking_mode" in (0, 1, 2))),
	CONSTRAINT "stations_status_ck" CHECK ("stations"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "storeys" (
	"whs_id" text NOT NULL,
	"storey_id" serial NOT NULL,
	"storey_no" smallint NOT NULL,
	"storey_name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storeys_whs_id_storey_id_pk" PRIMARY KEY("whs_id","storey_id"),
	CONSTRAINT "storeys_no_ck" CHECK ("storeys"."storey_no" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "wfm_departments" (
	"whs_id" text NOT NULL,
	"department_id" serial NOT NULL,
	"department_name" text NOT NULL,
	CONSTRAINT "wfm_departments_whs_id_department_id_pk" PRIMARY KEY("whs_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "zone_clusters" (
	"whs_id" text NOT NULL,
	"zone_cluster_id" text NOT NULL,
	"zone_cluster_name" text NOT NULL,
	"park_id" text NOT NULL,
	"zone_sector_id" text NOT NULL,
	"zone_sector_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_clusters_whs_id_zone_cluster_id_pk" PRIMARY KEY("whs_id","zone_cluster_id"),
	CONSTRAINT "zone_clusters_status_ck" CHECK ("zone_clusters"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"whs_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"zone_name" text NOT NULL,
	"zone_cluster_id" text NOT NULL,
	"logic_area_id" text,
	"storage_area" smallint NOT NULL,
	"rack_type" smallint NOT NULL,
	"temperature_zone" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sku_mixing" smallint NOT NULL,
	"supplier_mixing" smallint NOT NULL,
	"pick_sequence" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_whs_id_zone_id_pk" PRIMARY KEY("whs_id","zone_id"),
	CONSTRAINT "zones_status_ck" CHECK ("zones"."status" between 1 and 4),
	CONSTRAINT "zones_storage_area_ck" CHECK ("zones"."storage_area" between 1 and 3),
	CONSTRAINT "zones_rack_type_ck" CHECK ("zones"."rack_type" between 1 and 6),
	CONSTRAINT "zones_temperature_zone_ck" CHECK ("zones"."temperature_zone" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "warehouses" ALTER COLUMN "time_region" SET DEFAULT 'Asia/Shanghai';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employment_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tob_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "country" text GENERATED ALWAYS AS (case when upper(left(whs_id, 2)) in ('CN', 'ID', 'MY', 'PH', 'SG', 'SZ', 'TH', 'TW', 'VN') then upper(left(whs_id, 2)) end) STORED;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "is_rms" boolean GENERATED ALWAYS AS (lower(whs_id) like 'vn%') STORED;--> statement-breakpoint
ALTER TABLE "access_status_logs" ADD CONSTRAINT "access_status_logs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_status_logs" ADD CONSTRAINT "access_status_logs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_status_logs" ADD CONSTRAINT "access_status_logs_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_nodes" ADD CONSTRAINT "category_nodes_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_nodes" ADD CONSTRAINT "category_nodes_parent_fk" FOREIGN KEY ("whs_id","parent_id") REFERENCES "public"."category_nodes"("whs_id","category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_pathway_fk" FOREIGN KEY ("whs_id","pathway_id") REFERENCES "public"."pathways"("whs_id","pathway_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_storey_fk" FOREIGN KEY ("whs_id","storey_id") REFERENCES "public"."storeys"("whs_id","storey_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docks" ADD CONSTRAINT "docks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_whs_id_task_id_export_tasks_whs_id_task_id_fk" FOREIGN KEY ("whs_id","task_id") REFERENCES "public"."export_tasks"("whs_id","task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_staging_locations" ADD CONSTRAINT "inbound_staging_locations_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_templates" ADD CONSTRAINT "list_templates_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_templates" ADD CONSTRAINT "list_templates_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logic_areas" ADD CONSTRAINT "logic_areas_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_staging_locations" ADD CONSTRAINT "outbound_staging_locations_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paging_headers" ADD CONSTRAINT "paging_headers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rt_staging_locations" ADD CONSTRAINT "rt_staging_locations_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_groups" ADD CONSTRAINT "shop_groups_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_whs_id_merchant_id_merchants_whs_id_merchant_id_fk" FOREIGN KEY ("whs_id","merchant_id") REFERENCES "public"."merchants"("whs_id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_whs_id_group_id_shop_groups_whs_id_group_id_fk" FOREIGN KEY ("whs_id","group_id") REFERENCES "public"."shop_groups"("whs_id","group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_mappings" ADD CONSTRAINT "sku_mappings_whs_id_sku_id_skus_whs_id_sku_id_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_departments" ADD CONSTRAINT "staff_departments_whs_id_user_id_user_warehouses_whs_id_user_id_fk" FOREIGN KEY ("whs_id","user_id") REFERENCES "public"."user_warehouses"("whs_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_departments" ADD CONSTRAINT "staff_departments_whs_id_department_id_wfm_departments_whs_id_department_id_fk" FOREIGN KEY ("whs_id","department_id") REFERENCES "public"."wfm_departments"("whs_id","department_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_record_settings" ADD CONSTRAINT "station_record_settings_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storeys" ADD CONSTRAINT "storeys_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wfm_departments" ADD CONSTRAINT "wfm_departments_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_clusters" ADD CONSTRAINT "zone_clusters_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_clusters" ADD CONSTRAINT "zone_clusters_park_fk" FOREIGN KEY ("whs_id","park_id") REFERENCES "public"."parks"("whs_id","park_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_zone_cluster_fk" FOREIGN KEY ("whs_id","zone_cluster_id") REFERENCES "public"."zone_clusters"("whs_id","zone_cluster_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_logic_area_fk" FOREIGN KEY ("whs_id","logic_area_id") REFERENCES "public"."logic_areas"("whs_id","logic_area_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_status_logs_user_idx" ON "access_status_logs" USING btree ("whs_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "category_nodes_parent_idx" ON "category_nodes" USING btree ("whs_id","parent_id");--> statement-breakpoint
CREATE INDEX "cells_zone_idx" ON "cells" USING btree ("whs_id","zone_id","location_code");--> statement-breakpoint
CREATE INDEX "cells_pathway_idx" ON "cells" USING btree ("whs_id","pathway_id","location_code");--> statement-breakpoint
CREATE INDEX "cells_status_idx" ON "cells" USING btree ("whs_id","status","location_code");--> statement-breakpoint
CREATE INDEX "cells_occupancy_idx" ON "cells" USING btree ("whs_id","occupancy","location_code");--> statement-breakpoint
CREATE INDEX "cells_abc_idx" ON "cells" USING btree ("whs_id","abc_class","location_code");--> statement-breakpoint
CREATE INDEX "cells_temperature_idx" ON "cells" USING btree ("whs_id","temperature_zone","location_code");--> statement-breakpoint
CREATE INDEX "cells_storey_idx" ON "cells" USING btree ("whs_id","storey_id");--> statement-breakpoint
CREATE INDEX "docks_name_idx" ON "docks" USING btree ("whs_id","dock_name");--> statement-breakpoint
CREATE INDEX "docks_zone_idx" ON "docks" USING btree ("whs_id","zone");--> statement-breakpoint
CREATE INDEX "docks_dock_name_trgm_idx" ON "docks" USING gin ("dock_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "export_tasks_user_idx" ON "export_tasks" USING btree ("whs_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_tasks_queue_idx" ON "export_tasks" USING btree ("created_at") WHERE "export_tasks"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "inbound_staging_locations_type_idx" ON "inbound_staging_locations" USING btree ("whs_id","staging_type","location_code");--> statement-breakpoint
CREATE UNIQUE INDEX "list_templates_filter_uq" ON "list_templates" USING btree ("whs_id","user_id","url_path","key_name","station") WHERE "list_templates"."type" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "list_templates_bookmark_uq" ON "list_templates" USING btree ("whs_id","user_id","url_path","key_name","template_name") WHERE "list_templates"."type" = 2;--> statement-breakpoint
CREATE INDEX "logic_areas_logic_area_name_idx" ON "logic_areas" USING btree ("whs_id","logic_area_name");--> statement-breakpoint
CREATE INDEX "logic_areas_logic_area_name_trgm_idx" ON "logic_areas" USING gin ("logic_area_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("whs_id","merchant_name");--> statement-breakpoint
CREATE INDEX "merchants_merchant_name_trgm_idx" ON "merchants" USING gin ("merchant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbound_staging_locations_type_idx" ON "outbound_staging_locations" USING btree ("whs_id","staging_type","location_code");--> statement-breakpoint
CREATE INDEX "parks_park_name_idx" ON "parks" USING btree ("whs_id","park_name");--> statement-breakpoint
CREATE INDEX "parks_park_name_trgm_idx" ON "parks" USING gin ("park_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pathways_zone_idx" ON "pathways" USING btree ("whs_id","zone_id","pathway_id");--> statement-breakpoint
CREATE INDEX "rt_staging_locations_type_idx" ON "rt_staging_locations" USING btree ("whs_id","staging_type","location_code");--> statement-breakpoint
CREATE INDEX "shop_groups_group_name_idx" ON "shop_groups" USING btree ("whs_id","group_name");--> statement-breakpoint
CREATE INDEX "shop_groups_group_name_trgm_idx" ON "shop_groups" USING gin ("group_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_groups_shop_count_idx" ON "shop_groups" USING btree ("whs_id","shop_count");--> statement-breakpoint
CREATE INDEX "shops_name_idx" ON "shops" USING btree ("whs_id","shop_name");--> statement-breakpoint
CREATE INDEX "shops_merchant_idx" ON "shops" USING btree ("whs_id","merchant_id");--> statement-breakpoint
CREATE INDEX "shops_group_idx" ON "shops" USING btree ("whs_id","group_id");--> statement-breakpoint
CREATE INDEX "shops_shop_name_trgm_idx" ON "shops" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sku_mappings_sku_idx" ON "sku_mappings" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "skus_name_idx" ON "skus" USING btree ("whs_id","sku_name");--> statement-breakpoint
CREATE INDEX "skus_barcode_idx" ON "skus" USING btree ("whs_id","barcode");--> statement-breakpoint
CREATE INDEX "skus_weight_idx" ON "skus" USING btree ("whs_id","weight_g");--> statement-breakpoint
CREATE INDEX "skus_sku_name_trgm_idx" ON "skus" USING gin ("sku_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_category_trgm_idx" ON "skus" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_name_idx" ON "stations" USING btree ("whs_id","station_name");--> statement-breakpoint
CREATE INDEX "stations_type_idx" ON "stations" USING btree ("whs_id","station_type");--> statement-breakpoint
CREATE INDEX "stations_station_name_trgm_idx" ON "stations" USING gin ("station_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_assigned_user_trgm_idx" ON "stations" USING gin ("assigned_user" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "storeys_no_uq" ON "storeys" USING btree ("whs_id","storey_no");--> statement-breakpoint
CREATE UNIQUE INDEX "storeys_name_uq" ON "storeys" USING btree ("whs_id","storey_name");--> statement-breakpoint
CREATE INDEX "storeys_storey_name_trgm_idx" ON "storeys" USING gin ("storey_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "wfm_departments_name_uq" ON "wfm_departments" USING btree ("whs_id","department_name");--> statement-breakpoint
CREATE INDEX "zone_clusters_park_idx" ON "zone_clusters" USING btree ("whs_id","park_id","zone_cluster_id");--> statement-breakpoint
CREATE INDEX "zone_clusters_zone_cluster_name_idx" ON "zone_clusters" USING btree ("whs_id","zone_cluster_name");--> statement-breakpoint
CREATE INDEX "zone_clusters_zone_cluster_name_trgm_idx" ON "zone_clusters" USING gin ("zone_cluster_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "zones_cluster_idx" ON "zones" USING btree ("whs_id","zone_cluster_id","zone_id");--> statement-breakpoint
CREATE INDEX "zones_name_idx" ON "zones" USING btree ("whs_id","zone_name");--> statement-breakpoint
CREATE INDEX "zones_zone_name_trgm_idx" ON "zones" USING gin ("zone_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_supplier_name_trgm_idx" ON "suppliers" USING gin ("supplier_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_whs_name_idx" ON "warehouses" USING btree ("whs_name");--> statement-breakpoint
CREATE INDEX "warehouses_whs_name_trgm_idx" ON "warehouses" USING gin ("whs_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_created_at_idx" ON "warehouses" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_kind_ck" CHECK ("users"."user_kind" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_status_ck" CHECK ("users"."staff_status" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employment_type_ck" CHECK ("users"."employment_type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_quota_mode_ck" CHECK ("warehouses"."quota_mode" in (0, 1));
CREATE TABLE "storage_commodity_types" (
	"storage_id" bigint NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	CONSTRAINT "storage_commodity_types_storage_id_commodity_type_id_pk" PRIMARY KEY("storage_id","commodity_type_id")
);
--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "consignee" jsonb;--> statement-breakpoint
ALTER TABLE "storage_commodity_types" ADD CONSTRAINT "storage_commodity_types_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_commodity_types_type_idx" ON "storage_commodity_types" USING btree ("commodity_type_id");--> statement-breakpoint
-- Warehouses that exist already store what their kind says (钢材库 steel, 有色库 non-ferrous metals, 粮库 grain,
-- 化工库 chemicals); any other kind keeps every commodity type until staff narrow it in the back office.
INSERT INTO "storage_commodity_types" ("storage_id", "commodity_type_id")
SELECT s."id", c."id" FROM "storages" s JOIN "commodity_types" c ON c."category" = CASE s."storage_type" WHEN '钢材库' THEN '钢材' WHEN '有色库' THEN '有色金属' WHEN '粮库' THEN '粮食' WHEN '化工库' THEN '化工' ELSE c."category" END;
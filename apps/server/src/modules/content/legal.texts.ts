import type { LegalKind } from '@tp/contract';
import type { LegalTexts } from './content.tables';

/**
 * The first version of each legal text, published at every installation's first start. Staff
 * publish later versions in the back office; `{email}` is replaced by the service mailbox when read.
 */
export const INITIAL_LEGAL_TEXTS: Record<LegalKind, { title: LegalTexts; body: LegalTexts }> = {
  terms: {
    title: { cn: '服务条款', en: 'Terms of Service', tw: '服務條款' },
    body: {
      cn: [
        '本服务条款是您与本交易所运营公司之间的协议。运营公司在新加坡注册成立，本条款受新加坡法律管辖并依其解释。',
        '您须年满 16 周岁方可注册和使用本服务。注册即表示您已阅读并同意本条款的全部内容。',
        '连续一年未登录的账户，平台可以关闭或注销；账户内资产将按届时的规则通知您处理。',
        '平台转让本协议或其项下权利义务的，将至少提前 30 天通知您。',
        '在法律允许的范围内，平台对您承担的全部责任以您在此前 3 个月内向平台支付的手续费总额为限。',
        '因您违反本条款或法律给平台造成损失的，您应予以赔偿，最低赔偿额为 200 万美元。',
        '如有疑问，请发送邮件至唯一的客服邮箱：{email}。',
      ].join('\n\n'),
      en: [
        'These terms of service are an agreement between you and the company operating this exchange. The operating company is registered in Singapore, and these terms are governed by and construed under the laws of Singapore.',
        'You must be at least 16 years old to register and use the service. By registering you confirm that you have read and agree to all of these terms.',
        'An account with no login for one year may be closed or cancelled by the platform; you will be told how to deal with its assets under the rules then in force.',
        'The platform gives you at least 30 days notice before it assigns this agreement or transfers its rights and obligations under it.',
        'To the extent the law allows, the platform’s total liability to you is limited to the fees you paid to the platform in the preceding 3 months.',
        'You indemnify the platform against losses caused by your breach of these terms or of the law, with a minimum indemnity of 2 million USD.',
        'Questions go to the single service mailbox: {email}.',
      ].join('\n\n'),
      tw: [
        '本服務條款是您與本交易所營運公司之間的協議。營運公司在新加坡註冊成立，本條款受新加坡法律管轄並依其解釋。',
        '您須年滿 16 週歲方可註冊和使用本服務。註冊即表示您已閱讀並同意本條款的全部內容。',
        '連續一年未登入的帳戶，平台可以關閉或註銷；帳戶內資產將按屆時的規則通知您處理。',
        '平台轉讓本協議或其項下權利義務的，將至少提前 30 天通知您。',
        '在法律允許的範圍內，平台對您承擔的全部責任以您在此前 3 個月內向平台支付的手續費總額為限。',
        '因您違反本條款或法律給平台造成損失的，您應予以賠償，最低賠償額為 200 萬美元。',
        '如有疑問，請發送郵件至唯一的客服郵箱：{email}。',
      ].join('\n\n'),
    },
  },
  privacy: {
    title: { cn: '隐私政策', en: 'Privacy Policy', tw: '隱私政策' },
    body: {
      cn: [
        '本隐私政策说明在新加坡注册的运营公司如何收集、使用和保护您的个人信息，适用新加坡法律。',
        '我们收集您注册、实名认证和交易所需的信息，包括手机号或邮箱、姓名、证件信息和交易记录，仅用于提供服务和履行法定义务。',
        '身份识别资料在业务关系结束后至少保存 6 年，以满足反洗钱法规的要求。',
        '除法律要求或经您同意外，我们不会向第三方提供您的个人信息。查询或更正个人信息请联系：{email}。',
      ].join('\n\n'),
      en: [
        'This privacy policy explains how the operating company, registered in Singapore, collects, uses and protects your personal data; the laws of Singapore apply.',
        'We collect what registration, identity verification and trading need — mobile number or e-mail, name, document details and trading records — and use it only to provide the service and meet our legal duties.',
        'Identity records are kept for at least 6 years after the business relationship ends, as anti-money-laundering rules require.',
        'We give your personal data to no third party unless the law requires it or you agree. To see or correct your data, write to {email}.',
      ].join('\n\n'),
      tw: [
        '本隱私政策說明在新加坡註冊的營運公司如何收集、使用和保護您的個人資料，適用新加坡法律。',
        '我們收集您註冊、實名認證和交易所需的資料，包括手機號或郵箱、姓名、證件資料和交易記錄，僅用於提供服務和履行法定義務。',
        '身份識別資料在業務關係結束後至少保存 6 年，以滿足反洗錢法規的要求。',
        '除法律要求或經您同意外，我們不會向第三方提供您的個人資料。查詢或更正個人資料請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
  'kyc-aml': {
    title: { cn: '了解你的客户与反洗钱政策', en: 'KYC and AML Policy', tw: '了解你的客戶與反洗錢政策' },
    body: {
      cn: [
        '本政策依据新加坡法律制定。用户须完成实名认证后方可交易、参与预售或法币交易；部分业务还需高级认证。',
        '对机构用户，我们核查持股 10% 及以上的受益所有人；持股 25% 及以上的受益所有人须提交完整身份证明并接受加强审查。',
        '身份识别资料和交易记录至少保存 6 年。',
        '发现可疑交易时，平台可以暂停相关账户并依法报告。举报可疑活动请联系：{email}。',
      ].join('\n\n'),
      en: [
        'This policy follows the laws of Singapore. Users must complete real-name verification before trading, pre-sale purchases or fiat trading; some services also need senior verification.',
        'For institutional users we check every beneficial owner holding 10% or more; beneficial owners holding 25% or more must provide full proof of identity and pass enhanced due diligence.',
        'Identity records and transaction records are kept for at least 6 years.',
        'When a transaction looks suspicious the platform may suspend the accounts involved and report it as the law requires. Report suspicious activity to {email}.',
      ].join('\n\n'),
      tw: [
        '本政策依據新加坡法律制定。用戶須完成實名認證後方可交易、參與預售或法幣交易；部分業務還需高級認證。',
        '對機構用戶，我們核查持股 10% 及以上的受益所有人；持股 25% 及以上的受益所有人須提交完整身份證明並接受加強審查。',
        '身份識別資料和交易記錄至少保存 6 年。',
        '發現可疑交易時，平台可以暫停相關帳戶並依法報告。舉報可疑活動請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
  'legal-statement': {
    title: { cn: '法律声明', en: 'Legal Statement', tw: '法律聲明' },
    body: {
      cn: [
        '本网站由在新加坡注册的公司运营，适用新加坡法律，争议提交新加坡有管辖权的法院解决。',
        '本网站内容仅供参考，不构成投资建议。平台对您承担的责任以您此前 3 个月支付的手续费为限。',
        '唯一的官方联系方式为客服邮箱 {email}，请警惕冒充平台的其他渠道。',
      ].join('\n\n'),
      en: [
        'This website is operated by a company registered in Singapore; the laws of Singapore apply and disputes go to the competent courts of Singapore.',
        'The content of this website is for reference only and is not investment advice. The platform’s liability to you is limited to the fees you paid in the preceding 3 months.',
        'The only official contact is the service mailbox {email}; beware of other channels that claim to be the platform.',
      ].join('\n\n'),
      tw: [
        '本網站由在新加坡註冊的公司營運，適用新加坡法律，爭議提交新加坡有管轄權的法院解決。',
        '本網站內容僅供參考，不構成投資建議。平台對您承擔的責任以您此前 3 個月支付的手續費為限。',
        '唯一的官方聯繫方式為客服郵箱 {email}，請警惕冒充平台的其他渠道。',
      ].join('\n\n'),
    },
  },
  'risk-disclosure': {
    title: { cn: '风险揭示书', en: 'Risk Disclosure', tw: '風險揭示書' },
    body: {
      cn: [
        '数字资产价格波动剧烈，可能在短时间内大幅下跌甚至归零。请仅以您能承受损失的资金参与交易。',
        '预售项目、合约交易和锁仓活动存在项目失败、流动性不足和资产锁定期内无法卖出的风险。',
        '本揭示书受新加坡法律管辖。交易前您须阅读并接受本揭示书。如有疑问请联系：{email}。',
      ].join('\n\n'),
      en: [
        'Digital-asset prices swing sharply and may fall a long way, even to zero, in a short time. Trade only with money you can afford to lose.',
        'Pre-sale projects, contract trading and lock-up activities carry the risks of project failure, thin liquidity and being unable to sell during a lock-up.',
        'This disclosure is governed by the laws of Singapore. You must read and accept it before trading. Questions go to {email}.',
      ].join('\n\n'),
      tw: [
        '數字資產價格波動劇烈，可能在短時間內大幅下跌甚至歸零。請僅以您能承受損失的資金參與交易。',
        '預售項目、合約交易和鎖倉活動存在項目失敗、流動性不足和資產鎖定期內無法賣出的風險。',
        '本揭示書受新加坡法律管轄。交易前您須閱讀並接受本揭示書。如有疑問請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
  'fiat-agreement': {
    title: { cn: '法币交易服务协议', en: 'Fiat Service Agreement', tw: '法幣交易服務協議' },
    body: {
      cn: [
        '法币交易是用户之间以法定货币买卖数字资产，平台仅提供信息撮合和担保托管服务。本协议适用新加坡法律。',
        '下单须完成实名认证；买方应在 15 分钟内付款，否则订单自动取消。发生争议时，付款凭证须在 24 小时内提交。',
        '商家须冻结 50000 平台币作为保证金。争议与投诉请联系：{email}。',
      ].join('\n\n'),
      en: [
        'Fiat trading is users buying and selling digital assets from each other for fiat money; the platform only matches them and holds the coins in escrow. This agreement is governed by the laws of Singapore.',
        'Placing an order needs real-name verification; the buyer pays within 15 minutes or the order is cancelled automatically. In a dispute, proof of payment must be given within 24 hours.',
        'Merchants freeze a security deposit of 50000 platform tokens. Disputes and complaints go to {email}.',
      ].join('\n\n'),
      tw: [
        '法幣交易是用戶之間以法定貨幣買賣數字資產，平台僅提供資訊撮合和擔保託管服務。本協議適用新加坡法律。',
        '下單須完成實名認證；買方應在 15 分鐘內付款，否則訂單自動取消。發生爭議時，付款憑證須在 24 小時內提交。',
        '商家須凍結 50000 平台幣作為保證金。爭議與投訴請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
  'asset-commitment': {
    title: { cn: '资产合法性承诺书', en: 'Asset-Legitimacy Commitment', tw: '資產合法性承諾書' },
    body: {
      cn: [
        '本人承诺，充值到平台和在平台交易的资产来源合法，不涉及洗钱、恐怖融资、诈骗或其他违法活动。',
        '如资产来源被证实违法，平台有权冻结相关资产并依新加坡法律向主管机关报告，由此产生的损失由本人承担。',
        '如需说明资产来源，请联系：{email}。',
      ].join('\n\n'),
      en: [
        'I commit that the assets I deposit to and trade on the platform come from lawful sources and are not linked to money laundering, terrorist financing, fraud or any other unlawful activity.',
        'If a source is shown to be unlawful, the platform may freeze the assets concerned and report them to the authorities under the laws of Singapore; I bear the resulting losses.',
        'To explain where assets come from, write to {email}.',
      ].join('\n\n'),
      tw: [
        '本人承諾，充值到平台和在平台交易的資產來源合法，不涉及洗錢、恐怖融資、詐騙或其他違法活動。',
        '如資產來源被證實違法，平台有權凍結相關資產並依新加坡法律向主管機關報告，由此產生的損失由本人承擔。',
        '如需說明資產來源，請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
  'digital-assets': {
    title: { cn: '数字资产介绍', en: 'Introduction to Digital Assets', tw: '數字資產介紹' },
    body: {
      cn: [
        '数字资产是以密码学记录在区块链上的资产，例如比特币（BTC）、以太坊（ETH）、泰达币（USDT）和平台币（TPT）。',
        '充值地址由平台为您单独生成；链上转账一经确认不可撤回，请核对地址和网络。平台热钱包约占托管资产的 2%，其余 98% 存放于冷钱包。',
        '平台不对任何数字资产的价值作出保证。了解更多请联系：{email}。',
      ].join('\n\n'),
      en: [
        'Digital assets are assets recorded on a blockchain with cryptography, such as Bitcoin (BTC), Ether (ETH), Tether (USDT) and the platform token (TPT).',
        'Deposit addresses are generated for you alone; a confirmed on-chain transfer cannot be undone, so check the address and the network. About 2% of custody sits in the hot wallet and the other 98% in cold wallets.',
        'The platform guarantees the value of no digital asset. To learn more, write to {email}.',
      ].join('\n\n'),
      tw: [
        '數字資產是以密碼學記錄在區塊鏈上的資產，例如比特幣（BTC）、以太坊（ETH）、泰達幣（USDT）和平台幣（TPT）。',
        '充值地址由平台為您單獨生成；鏈上轉帳一經確認不可撤回，請核對地址和網絡。平台熱錢包約佔託管資產的 2%，其餘 98% 存放於冷錢包。',
        '平台不對任何數字資產的價值作出保證。了解更多請聯繫：{email}。',
      ].join('\n\n'),
    },
  },
};

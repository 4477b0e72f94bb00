<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>engine</name>
    <message>
        <source>Open betting for the next round</source>
        <translation>開始下一局投注</translation>
    </message>
    <message>
        <source>Round void ({cause}): stakes returned. Open the next round</source>
        <translation>本局作廢（{cause}）：注碼已退還。開始下一局</translation>
    </message>
    <message>
        <source>HALTED - {what}</source>
        <translation>已停止 - {what}</translation>
    </message>
    <message>
        <source>Place your bets, then call No more bets</source>
        <translation>請下注，然後宣布停止下注</translation>
    </message>
    <message>
        <source>No more bets - waiting for a verified deck</source>
        <translation>停止下注 - 等待驗牌完成</translation>
    </message>
    <message>
        <source>Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt</source>
        <translation>手工發牌，牌面朝下：每位兩張、莊家兩張、公共牌五張；然後按「已發牌」</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>發牌中</translation>
    </message>
    <message>
        <source>Reading shoe, {order}: 2 to each seat, 2 to the dealer, 5 to the board</source>
        <translation>讀牌牌靴（{order}）：每個座位兩張，莊家兩張，公共牌五張</translation>
    </message>
    <message>
        <source>one card at a time around the table</source>
        <translation>繞桌每次一張</translation>
    </message>
    <message>
        <source>two cards at a time</source>
        <translation>每次兩張</translation>
    </message>
    <message>
        <source>{street} decision: seat {seat}</source>
        <translation>{street}決定：{seat}號位</translation>
    </message>
    <message>
        <source>Reveal the {what}: {how}{target}</source>
        <translation>揭示{what}：{how}{target}</translation>
    </message>
    <message>
        <source> ({position} card {number})</source>
        <translation>（{position}第{number}張）</translation>
    </message>
    <message>
        <source>pass the cards over the reader</source>
        <translation>將牌劃過讀牌器</translation>
    </message>
    <message>
        <source>key each card</source>
        <translation>逐張輸入</translation>
    </message>
    <message>
        <source>turn the cards over</source>
        <translation>翻開牌</translation>
    </message>
    <message>
        <source>dealer&apos;s hand</source>
        <translation>莊家的牌</translation>
    </message>
    <message>
        <source>players&apos; hands</source>
        <translation>玩家的牌</translation>
    </message>
    <message>
        <source>Settle seat {seat} (right to left)</source>
        <translation>結算{seat}號位（由右至左）</translation>
    </message>
    <message>
        <source>Settled</source>
        <translation>已結算</translation>
    </message>
    <message>
        <source>STOPPED - {reason}</source>
        <translation>已停止 - {reason}</translation>
    </message>
    <message>
        <source>Open betting for the next round. The journal&apos;s disk is getting full: tell a supervisor</source>
        <translation>開始下一局投注。日誌磁碟即將寫滿：請通知主管</translation>
    </message>
    <message>
        <source>STOPPED - the journal&apos;s disk is nearly full: no round opens until a technician frees space</source>
        <translation>已停止 - 日誌磁碟幾乎已滿：技術人員釋放空間之前不能開新局</translation>
    </message>
    <message>
        <source>Call a supervisor</source>
        <translation>請呼叫主管</translation>
    </message>
    <message>
        <source>Jackpot: call a supervisor to verify it</source>
        <translation>頭獎：請主管核實</translation>
    </message>
    <message>
        <source>Waiting for the {device} to reconnect; call a supervisor if it does not</source>
        <translation>等待{device}重新連接；若無法連接請呼叫主管</translation>
    </message>
    <message>
        <source>Key the card in from what you read on its face</source>
        <translation>按牌面輸入該牌</translation>
    </message>
    <message>
        <source>The reader read nothing: pass the card over it again, or key it</source>
        <translation>讀牌器未讀到：請再刷一次牌，或手動輸入</translation>
    </message>
    <message>
        <source>{place} was not read in {seconds} s</source>
        <translation>{place}在{seconds}秒內未讀到</translation>
    </message>
    <message>
        <source>Pool closed: no link</source>
        <translation>彩池已關閉：無連線</translation>
    </message>
    <message>
        <source>Jackpot pending verification at table {table}: {amount}</source>
        <translation>{table} 號桌頭獎待核實：{amount}</translation>
    </message>
    <message>
        <source>board</source>
        <translation>公共牌</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>莊家</translation>
    </message>
    <message>
        <source>burn</source>
        <translation>燒牌</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>{seat}號位</translation>
    </message>
    <message>
        <source>This table keeps no bank</source>
        <translation>本台不設籌碼盤帳目</translation>
    </message>
    <message>
        <source>No shift open: count the tray and open one</source>
        <translation>未開班：請點算籌碼盤並開班</translation>
    </message>
    <message>
        <source>Shift {shift} open ({day}): dealer {dealer}, supervisor {supervisor}</source>
        <translation>第{shift}班已開（{day}）：荷官 {dealer}，主管 {supervisor}</translation>
    </message>
    <message>
        <source>Shift {shift} ({day}) closed: count the tray and open the next</source>
        <translation>第{shift}班（{day}）已收：請點算籌碼盤並開下一班</translation>
    </message>
    <message>
        <source>Opener differs from the last closer by {amount} ({class})</source>
        <translation>開台點碼與上次收台相差 {amount}（{class}）</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>note</source>
        <translation>記錄</translation>
    </message>
    <message>
        <source>report to security</source>
        <translation>報告保安部</translation>
    </message>
    <message>
        <source>report to the regulator</source>
        <translation>報告監管機構</translation>
    </message>
    <message>
        <source>No shift is open: open one with its opener first</source>
        <translation>未開班：請先以開台點碼開班</translation>
    </message>
    <message>
        <source>Sign the dealer in first: the dealer and a supervisor count the chips</source>
        <translation>請先登記荷官：由荷官與主管點算籌碼</translation>
    </message>
    <message>
        <source>Not a count of this table&apos;s chips: {problem}</source>
        <translation>不是本台籌碼的點算：{problem}</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift opens between rounds</source>
        <translation>{round_id} 局尚未結束：只能在兩局之間開班</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift closes between rounds</source>
        <translation>{round_id} 局尚未結束：只能在兩局之間收班</translation>
    </message>
    <message>
        <source>Shift {shift} is open: close it first</source>
        <translation>第{shift}班仍開著：請先收班</translation>
    </message>
    <message>
        <source>Slip {slip} is still in flight: receive it or void it first</source>
        <translation>{slip} 單仍在途中：請先接收或作廢</translation>
    </message>
    <message>
        <source>Choose a seat from 1 to {seats}</source>
        <translation>請選 1 至 {seats} 號座位</translation>
    </message>
    <message>
        <source>A buy-in is cash or a marker</source>
        <translation>買碼只能用現金或借據</translation>
    </message>
    <message>
        <source>Not a buy-in amount: {problem}</source>
        <translation>買碼金額無效：{problem}</translation>
    </message>
    <message>
        <source>Not a player id</source>
        <translation>玩家編號無效</translation>
    </message>
    <message>
        <source>A fill or a credit needs at least one chip</source>
        <translation>補碼或回碼至少要有一枚籌碼</translation>
    </message>
    <message>
        <source>No floor numbers slips at this table: no fill or credit can be issued</source>
        <translation>本台沒有樓面系統編號單據：不能補碼或回碼</translation>
    </message>
    <message>
        <source>The floor cannot be reached: no slip issued. Try again when it is back</source>
        <translation>無法連接樓面系統：未出單。恢復後再試</translation>
    </message>
    <message>
        <source>No slip {slip} in this shift</source>
        <translation>本班沒有 {slip} 單</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only an issued slip is received</source>
        <translation>{slip} 單狀態為 {state}：只能接收已出的單</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only a slip in flight can be voided</source>
        <translation>{slip} 單狀態為 {state}：只能作廢在途的單</translation>
    </message>
    <message>
        <source>Slip {slip} refused: the chips counted are not the slip&apos;s. Nothing moved</source>
        <translation>{slip} 單被拒收：點算的籌碼與單據不符。未作任何變動</translation>
    </message>
    <message>
        <source>Another supervisor must void it: whoever requested a slip may not void it</source>
        <translation>須由另一位主管作廢：申請人不能作廢自己的單</translation>
    </message>
    <message>
        <source>Open the shift</source>
        <translation>開班</translation>
    </message>
    <message>
        <source>Close the shift</source>
        <translation>收班</translation>
    </message>
    <message>
        <source>Request a fill</source>
        <translation>申請補碼</translation>
    </message>
    <message>
        <source>Request a credit</source>
        <translation>申請回碼</translation>
    </message>
    <message>
        <source>Receive a slip</source>
        <translation>接收單據</translation>
    </message>
    <message>
        <source>Void a slip</source>
        <translation>作廢單據</translation>
    </message>
    <message>
        <source>Clear the tray alarm</source>
        <translation>清除籌碼盤警報</translation>
    </message>
    <message>
        <source>The chips were found (counted again)</source>
        <translation>籌碼已找到（已重新清點）</translation>
    </message>
    <message>
        <source>Reported to security</source>
        <translation>已報告保安部</translation>
    </message>
    <message>
        <source>The antenna misread the tray</source>
        <translation>天線誤讀了籌碼盤</translation>
    </message>
    <message>
        <source>TRAY ALARM after round {round}: the tray is {amount} off ({moved}). Call a supervisor</source>
        <translation>籌碼盤警報（第 {round} 局後）：籌碼盤差額 {amount}（{moved}）。請呼叫主管</translation>
    </message>
    <message>
        <source>There is no tray alarm to clear</source>
        <translation>沒有需要清除的籌碼盤警報</translation>
    </message>
    <message>
        <source>The tray antenna has not read the tray: count the closer by hand</source>
        <translation>籌碼盤天線尚未讀取籌碼盤：請手工清點收班數</translation>
    </message>
    <message>
        <source>The tray antenna&apos;s last scan is not whole (a column unread or an unknown chip): count the closer by hand</source>
        <translation>籌碼盤天線最近一次讀取不完整（有列未讀或有未知籌碼）：請手工清點收班數</translation>
    </message>
    <message>
        <source>The closer given is not the tray the antenna read: confirm the sensed one or count by hand</source>
        <translation>所給收班數與天線讀取的籌碼盤不符：請確認感應結果或手工清點</translation>
    </message>
    <message>
        <source>Sensed is yes or no</source>
        <translation>感應：是或否</translation>
    </message>
    <message>
        <source>Count the closer (or confirm the tray antenna&apos;s)</source>
        <translation>請清點收班數（或確認天線讀取的結果）</translation>
    </message>
    <message>
        <source>Wrong chips on the slip</source>
        <translation>單上籌碼有誤</translation>
    </message>
    <message>
        <source>Not needed any more</source>
        <translation>已不需要</translation>
    </message>
    <message>
        <source>A buy-in is taken between rounds or while bets are open</source>
        <translation>買碼只能在兩局之間或下注時進行</translation>
    </message>
    <message>
        <source>A shift opens between rounds</source>
        <translation>只能在兩局之間開班</translation>
    </message>
    <message>
        <source>A shift closes between rounds: finish the round first</source>
        <translation>只能在兩局之間收班：請先完成本局</translation>
    </message>
    <message>
        <source>shoe</source>
        <translation>發牌機</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>讀牌器</translation>
    </message>
    <message>
        <source>reading shoe</source>
        <translation>讀牌牌靴</translation>
    </message>
    <message>
        <source>bet sensor</source>
        <translation>籌碼感應器</translation>
    </message>
    <message>
        <source>tray antenna</source>
        <translation>籌碼盤天線</translation>
    </message>
    <message>
        <source>device</source>
        <translation>設備</translation>
    </message>
    <message>
        <source>{device} {model} {serial} refused: {reason}. Do not deal; call a supervisor and a technician</source>
        <translation>{device} {model} {serial} 被拒絕：{reason}。請勿發牌；請呼叫主管和技術員</translation>
    </message>
    <message>
        <source>Do not deal; call a supervisor and a technician</source>
        <translation>請勿發牌；請呼叫主管和技術員</translation>
    </message>
    <message>
        <source>The {device} {model} {serial} was refused: {reason}</source>
        <translation>{device} {model} {serial} 已被拒絕：{reason}</translation>
    </message>
    <message>
        <source>refused: {reason}</source>
        <translation>被拒絕：{reason}</translation>
    </message>
    <message>
        <source>unauthenticated</source>
        <translation>未認證</translation>
    </message>
    <message>
        <source>any program approved</source>
        <translation>接受任何程式</translation>
    </message>
    <message>
        <source>wrong key</source>
        <translation>密鑰錯誤</translation>
    </message>
    <message>
        <source>program not approved</source>
        <translation>程式未獲核准</translation>
    </message>
    <message>
        <source>another unit on its port</source>
        <translation>連接埠上換了另一台裝置</translation>
    </message>
    <message>
        <source>serial not enrolled</source>
        <translation>序號未登記</translation>
    </message>
    <message>
        <source>enrolment revoked</source>
        <translation>登記已撤銷</translation>
    </message>
    <message>
        <source>Accept the unit now on its port: it replaces the one that stood there</source>
        <translation>接受此連接埠上的裝置：它取代原來的裝置</translation>
    </message>
    <message>
        <source>Accept the unit</source>
        <translation>接受裝置</translation>
    </message>
    <message>
        <source>Unit checked by the supervisor</source>
        <translation>主管已核實裝置</translation>
    </message>
    <message>
        <source>Shoe jam</source>
        <translation>發牌機卡牌</translation>
    </message>
    <message>
        <source>Shoe misfeed</source>
        <translation>發牌機送牌錯誤</translation>
    </message>
    <message>
        <source>Shoe door open</source>
        <translation>發牌機門打開</translation>
    </message>
    <message>
        <source>Device error</source>
        <translation>設備錯誤</translation>
    </message>
    <message>
        <source>Reading shoe alarm</source>
        <translation>讀牌牌靴警報</translation>
    </message>
    <message>
        <source>Card unreadable</source>
        <translation>無法讀牌</translation>
    </message>
    <message>
        <source>No read from the reader</source>
        <translation>讀牌器沒有讀到牌</translation>
    </message>
    <message>
        <source>Deck check failed</source>
        <translation>驗牌失敗</translation>
    </message>
    <message>
        <source>Device power cycled</source>
        <translation>設備斷電重啟</translation>
    </message>
    <message>
        <source>Device link lost</source>
        <translation>設備連接中斷</translation>
    </message>
    <message>
        <source>Device link errors</source>
        <translation>設備連接錯誤</translation>
    </message>
    <message>
        <source>Card dealt twice</source>
        <translation>同一張牌發出兩次</translation>
    </message>
    <message>
        <source>Unexpected card</source>
        <translation>多餘的牌</translation>
    </message>
    <message>
        <source>Card missing</source>
        <translation>缺牌</translation>
    </message>
    <message>
        <source>Misdeal alarm: reader and shoe disagree</source>
        <translation>誤發警報：讀牌器與發牌機不一致</translation>
    </message>
    <message>
        <source>Station restarted mid-deal</source>
        <translation>發牌中系統重啟</translation>
    </message>
    <message>
        <source>Jackpot hit: verification needed</source>
        <translation>中頭獎：需要核實</translation>
    </message>
    <message>
        <source>Pool award waits for the progressive controller</source>
        <translation>彩池獎金等待累積獎控制器</translation>
    </message>
    <message>
        <source>Station error</source>
        <translation>系統錯誤</translation>
    </message>
    <message>
        <source>Supervisor decision</source>
        <translation>主管決定</translation>
    </message>
    <message>
        <source>Device refused</source>
        <translation>設備被拒絕</translation>
    </message>
    <message>
        <source>Reading shoe warning</source>
        <translation>讀牌牌靴警告</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>a card is jammed in the feed</source>
        <translation>有牌卡在出牌通道</translation>
    </message>
    <message>
        <source>a card did not feed</source>
        <translation>有牌未能送出</translation>
    </message>
    <message>
        <source>its door is open</source>
        <translation>機門已打開</translation>
    </message>
    <message>
        <source>an internal error</source>
        <translation>內部錯誤</translation>
    </message>
    <message>
        <source>a card it could not read</source>
        <translation>一張無法讀取的牌</translation>
    </message>
    <message>
        <source>the deck count is wrong</source>
        <translation>牌數不對</translation>
    </message>
    <message>
        <source>it was switched off and on again</source>
        <translation>設備曾斷電重啟</translation>
    </message>
    <message>
        <source>its link is lost</source>
        <translation>連線已中斷</translation>
    </message>
    <message>
        <source>too many transmission errors</source>
        <translation>傳輸錯誤過多</translation>
    </message>
    <message>
        <source>an alarm ({code})</source>
        <translation>警報（{code}）</translation>
    </message>
    <message>
        <source>a fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Void the round: every stake returned</source>
        <translation>作廢本局：退還所有注碼</translation>
    </message>
    <message>
        <source>Clear the fault: no card exposed, the deal goes on</source>
        <translation>清除故障：未有牌曝光，繼續發牌</translation>
    </message>
    <message>
        <source>Accept the dealt card: the round goes on</source>
        <translation>接受已發的牌：本局繼續</translation>
    </message>
    <message>
        <source>Verify the jackpot: the hit is paid</source>
        <translation>核實頭獎：派彩</translation>
    </message>
    <message>
        <source>Resume the round</source>
        <translation>恢復本局</translation>
    </message>
    <message>
        <source>Show every card of this round (dispute)</source>
        <translation>顯示本局所有牌（爭議）</translation>
    </message>
    <message>
        <source>The card is {card} as dealt: go on</source>
        <translation>牌是發出的 {card}：繼續</translation>
    </message>
    <message>
        <source>Void the round</source>
        <translation>作廢本局</translation>
    </message>
    <message>
        <source>Clear the fault: the deal goes on</source>
        <translation>清除故障：繼續發牌</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}, {percent}% of the meter = {amount}</source>
        <translation>頭獎：{seat}號位，{hand} {cards}，獎池的 {percent}% = {amount}</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}: meter at the hit {meter} × {percent}% = {amount}</source>
        <translation>頭獎：{seat}號位，{hand} {cards}：中獎時獎池 {meter} × {percent}% = {amount}</translation>
    </message>
    <message>
        <source>The shoe dealt {expected} as {place}; the reader read {read}</source>
        <translation>發牌機發出 {expected}（{place}）；讀牌器讀到 {read}</translation>
    </message>
    <message>
        <source>{place} could not be read: key it in from its face</source>
        <translation>{place}無法讀取：請按牌面輸入</translation>
    </message>
    <message>
        <source>The {device} does not answer: {reason}</source>
        <translation>{device}無回應：{reason}</translation>
    </message>
    <message>
        <source>Deck check: {count} cards; missing {missing}; extra {extra}; twice {duplicates}</source>
        <translation>驗牌：{count} 張；缺少 {missing}；多出 {extra}；重複 {duplicates}</translation>
    </message>
    <message>
        <source>The deck is short: {cards} missing</source>
        <translation>牌不齊：缺{cards}</translation>
    </message>
    <message>
        <source>{cards} twice in the deck</source>
        <translation>{cards}重複出現</translation>
    </message>
    <message>
        <source>{cards} not of this deck</source>
        <translation>{cards}不屬於這副牌</translation>
    </message>
    <message>
        <source>The deck has {count} cards, not 52</source>
        <translation>這副牌有{count}張，不是52張</translation>
    </message>
    <message>
        <source>Find the missing card or change the deck, then Re-check the deck; the bets stay</source>
        <translation>找回缺牌或更換整副牌，然後按「重新驗牌」；注碼保留</translation>
    </message>
    <message>
        <source>The {device} reports: {text}</source>
        <translation>{device}報告：{text}</translation>
    </message>
    <message>
        <source>The station could not carry out a step; the round waits for a supervisor</source>
        <translation>系統未能完成一個步驟；本局等待主管處理</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}第{number}張牌</translation>
    </message>
    <message>
        <source>Jam cleared, no card exposed</source>
        <translation>卡牌已排除，未有牌曝光</translation>
    </message>
    <message>
        <source>Door closed, no card exposed</source>
        <translation>門已關閉，未有牌曝光</translation>
    </message>
    <message>
        <source>Device checked and restarted</source>
        <translation>設備已檢查並重啟</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>誤發</translation>
    </message>
    <message>
        <source>Card exposed during the deal</source>
        <translation>發牌時有牌曝光</translation>
    </message>
    <message>
        <source>Device fault</source>
        <translation>設備故障</translation>
    </message>
    <message>
        <source>Player dispute</source>
        <translation>玩家爭議</translation>
    </message>
    <message>
        <source>Card checked: the dealt card stands</source>
        <translation>已核對：已發的牌有效</translation>
    </message>
    <message>
        <source>Hand checked against the cards on the table</source>
        <translation>已按桌面牌核對牌型</translation>
    </message>
    <message>
        <source>Checked: the round can go on</source>
        <translation>已核對：本局可繼續</translation>
    </message>
    <message>
        <source>Game protection review</source>
        <translation>遊戲保護檢查</translation>
    </message>
    <message>
        <source>{spot} {amount} is above the table maximum {limit}</source>
        <translation>{spot} {amount} 高於本桌上限 {limit}</translation>
    </message>
    <message>
        <source>{spot} {amount} is below the table minimum {limit}</source>
        <translation>{spot} {amount} 低於本桌下限 {limit}</translation>
    </message>
    <message>
        <source>{spot} must equal the {other} ({amount})</source>
        <translation>{spot}必須等於{other}（{amount}）</translation>
    </message>
    <message>
        <source>{spot} is always {amount} at this table</source>
        <translation>本桌{spot}固定為 {amount}</translation>
    </message>
    <message>
        <source>Pool closed: no link to the progressive controller</source>
        <translation>彩池已關閉：未連線累積獎控制器</translation>
    </message>
    <message>
        <source>Place the {spot} first</source>
        <translation>請先下{spot}</translation>
    </message>
    <message>
        <source>Badge or PIN not accepted</source>
        <translation>工牌或密碼不被接受</translation>
    </message>
    <message>
        <source>Refused: {problem}</source>
        <translation>已拒絕：{problem}</translation>
    </message>
    <message>
        <source>Seat {seat}: a card of another casino: refused</source>
        <translation>{seat}號位：其他賭場的卡：已拒絕</translation>
    </message>
    <message>
        <source>A card was read at the table&apos;s reader: tap Players and choose the seat first</source>
        <translation>牌桌讀卡器讀到一張卡：請先點「玩家」並選擇座位</translation>
    </message>
    <message>
        <source>Seat {seat}: the card was not read whole: swipe it again</source>
        <translation>{seat}號位：卡未完整讀取：請重新刷卡</translation>
    </message>
    <message>
        <source>This player is already carded in at seat {seat}</source>
        <translation>該玩家已在{seat}號位入座</translation>
    </message>
    <message>
        <source>Card refused: this player is on the exclusion list (list as of {since}); call a supervisor</source>
        <translation>卡被拒絕：該玩家在禁入名單上（名單日期 {since}）；請呼叫主管</translation>
    </message>
    <message>
        <source>Seat {seat} has a player carded in: card them out first</source>
        <translation>{seat}號位已有玩家入座：請先辦理離座</translation>
    </message>
    <message>
        <source>No player is carded in at seat {seat}</source>
        <translation>{seat}號位沒有已識別的玩家</translation>
    </message>
    <message>
        <source>Seat {seat} is held (its player is excluded): no stake is taken; call a supervisor</source>
        <translation>{seat}號位已扣留（玩家被禁入）：不接受投注；請呼叫主管</translation>
    </message>
    <message>
        <source>Winnings withheld at seat {seats} (player excluded): call a supervisor</source>
        <translation>{seats}號位獎金已扣留（玩家被禁入）：請呼叫主管</translation>
    </message>
    <message>
        <source>Settle seat {seat}: collect, pay nothing: {amount} withheld (player excluded)</source>
        <translation>結算{seat}號位：收取，不派彩：扣留 {amount}（玩家被禁入）</translation>
    </message>
    <message>
        <source>No winnings are withheld at that seat</source>
        <translation>該座位沒有扣留的獎金</translation>
    </message>
    <message>
        <source>Release the winnings withheld: pay them to the player</source>
        <translation>發還扣留的獎金：派給玩家</translation>
    </message>
    <message>
        <source>Forfeit the winnings withheld: the player is not paid</source>
        <translation>沒收扣留的獎金：不派給玩家</translation>
    </message>
    <message>
        <source>Player listed in error</source>
        <translation>玩家被誤列入名單</translation>
    </message>
    <message>
        <source>Exclusion confirmed</source>
        <translation>禁入已確認</translation>
    </message>
    <message>
        <source>Correct a settled round: pay or collect per seat</source>
        <translation>更正已結算的一局：按座位派彩或收取</translation>
    </message>
    <message>
        <source>Correct a card keyed wrong, before the settlement</source>
        <translation>在結算前更正輸錯的牌</translation>
    </message>
    <message>
        <source>Payout counted wrong at the table</source>
        <translation>桌上派彩點錯</translation>
    </message>
    <message>
        <source>A card was keyed wrong</source>
        <translation>有一張牌輸錯</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip {chip}: remove it, or a supervisor accepts it</source>
        <translation>{seat}號位 {spot}：未知籌碼 {chip}：請移走，或由主管接受</translation>
    </message>
    <message>
        <source>{spot}: antenna down, key the stake</source>
        <translation>{spot}：天線故障，請手動輸入注碼</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip: remove it, or a supervisor accepts it</source>
        <translation>{seat}號位 {spot}：未知籌碼：請移走，或由主管接受</translation>
    </message>
    <message>
        <source>{spot}: short {amount}</source>
        <translation>{spot}：少 {amount}</translation>
    </message>
    <message>
        <source>{spot}: over {amount}</source>
        <translation>{spot}：多 {amount}</translation>
    </message>
    <message>
        <source>{spot}: losing bet not collected</source>
        <translation>{spot}：輸注未收</translation>
    </message>
    <message>
        <source>take {amount} back from {spot}</source>
        <translation>從{spot}收回{amount}</translation>
    </message>
    <message>
        <source>add {amount} to {spot}</source>
        <translation>在{spot}補{amount}</translation>
    </message>
    <message>
        <source>collect {spot} {amount}</source>
        <translation>收走{spot} {amount}</translation>
    </message>
    <message>
        <source>Seat {seat}: {fixes}</source>
        <translation>{seat}號位：{fixes}</translation>
    </message>
    <message>
        <source>Past-posting: chips added after no more bets</source>
        <translation>補注：停止下注後加了籌碼</translation>
    </message>
    <message>
        <source>Pinching: chips taken after no more bets</source>
        <translation>偷注：停止下注後拿走籌碼</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: locked {locked}, the sensor sees {seen}. Put the locked chips back to restore the stake, or void the round</source>
        <translation>{seat}號位 {spot}：鎖定 {locked}，感應器現見 {seen}。放回鎖定的籌碼以恢復注碼，或作廢本局</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: the locked {locked} is back on the spot. Restore the stake, or void the round</source>
        <translation>{seat}號位 {spot}：鎖定的 {locked} 已放回。恢復注碼，或作廢本局</translation>
    </message>
    <message>
        <source>Restore the stake: the locked chips are back, the round goes on</source>
        <translation>恢復注碼：鎖定的籌碼已放回，本局繼續</translation>
    </message>
    <message>
        <source>Restore the stake</source>
        <translation>恢復注碼</translation>
    </message>
    <message>
        <source>Accept the unknown chip: it counts this round</source>
        <translation>接受未知籌碼：本局有效</translation>
    </message>
    <message>
        <source>Accept chip {chip} on seat {seat} {spot} at {amount}</source>
        <translation>接受{seat}號位 {spot} 的籌碼 {chip}，面值 {amount}</translation>
    </message>
    <message>
        <source>Pay the seat although the chips do not match</source>
        <translation>籌碼不符仍賠付本位</translation>
    </message>
    <message>
        <source>Seat {seat}: pay although {problems}</source>
        <translation>{seat}號位：儘管 {problems}，仍賠付</translation>
    </message>
    <message>
        <source>Chips put back as locked</source>
        <translation>籌碼已按鎖定放回</translation>
    </message>
    <message>
        <source>Player warned, stake as locked</source>
        <translation>已警告玩家，注碼按鎖定</translation>
    </message>
    <message>
        <source>Chip of a sister casino, checked</source>
        <translation>姊妹娛樂場籌碼，已核實</translation>
    </message>
    <message>
        <source>Chip checked by the supervisor</source>
        <translation>主管已核實籌碼</translation>
    </message>
    <message>
        <source>Payout counted by hand: it is right</source>
        <translation>人工點算賠付：正確</translation>
    </message>
    <message>
        <source>Antenna misread the chips</source>
        <translation>天線誤讀籌碼</translation>
    </message>
    <message>
        <source>Cloned chip: one chip id on more than one spot</source>
        <translation>複製籌碼：同一籌碼編號出現在多個投注區</translation>
    </message>
    <message>
        <source>Chip {chip} is seen on more than one spot (seats {seats}). Take the cloned tags off, then a supervisor resolves it, or void the round</source>
        <translation>籌碼 {chip} 出現在多個投注區（{seats}號位）。請移走複製標籤，再由主管處理，或作廢本局</translation>
    </message>
    <message>
        <source>Chip {chip} was seen on more than one spot (seats {seats}); each id lies on one spot now. A supervisor resolves it, or voids the round</source>
        <translation>籌碼 {chip} 曾出現在多個投注區（{seats}號位）；現在每個編號只在一個投注區。由主管處理，或作廢本局</translation>
    </message>
    <message>
        <source>Resolve the cloned chip: the clones are off the layout</source>
        <translation>處理複製籌碼：複製標籤已移離檯面</translation>
    </message>
    <message>
        <source>Resolve the clone</source>
        <translation>處理複製</translation>
    </message>
    <message>
        <source>Cloned tags taken off the layout</source>
        <translation>複製標籤已移離檯面</translation>
    </message>
    <message>
        <source>Every chip on the layout checked</source>
        <translation>已檢查檯面上的每個籌碼</translation>
    </message>
    <message>
        <source>Round {number} opened</source>
        <translation>第{number}局開始</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>已發牌</translation>
    </message>
    <message>
        <source>{place}: {card}</source>
        <translation>{place}：{card}</translation>
    </message>
    <message>
        <source>Seat {seat}: {action}</source>
        <translation>{seat}號位：{action}</translation>
    </message>
    <message>
        <source>Seat {seat} mucked</source>
        <translation>{seat}號位棄牌</translation>
    </message>
    <message>
        <source>Halted: {cause}</source>
        <translation>暫停：{cause}</translation>
    </message>
    <message>
        <source>Going on</source>
        <translation>繼續</translation>
    </message>
    <message>
        <source>Seat {seat} paid</source>
        <translation>{seat}號位已賠付</translation>
    </message>
    <message>
        <source>Seat {seat} paid: undone</source>
        <translation>{seat}號位賠付已撤銷</translation>
    </message>
    <message>
        <source>Round closed</source>
        <translation>本局結束</translation>
    </message>
    <message>
        <source>Void: {cause}</source>
        <translation>作廢：{cause}</translation>
    </message>
    <message>
        <source>This round</source>
        <translation>本局</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限注</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Seat at least two players with chips, then deal the next hand</source>
        <translation>請至少安排兩位有籌碼的玩家入座，然後發下一手牌</translation>
    </message>
    <message>
        <source>Deal the next hand</source>
        <translation>發下一手牌</translation>
    </message>
    <message>
        <source>Hand over: deal the next hand</source>
        <translation>本手結束：發下一手牌</translation>
    </message>
    <message>
        <source>Hand void ({cause}): every chip put in goes back</source>
        <translation>本手作廢（{cause}）：退還所有投入的籌碼</translation>
    </message>
    <message>
        <source>Waiting for the shoe&apos;s verified deck</source>
        <translation>等待發牌機驗證牌組</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left</source>
        <translation>從莊位左側起，每個座位發兩張牌</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left, then Cards dealt</source>
        <translation>從莊位左側起每個座位發兩張牌，然後按「已發牌」</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board</source>
        <translation>發{street}：燒一張，公共牌發 {count} 張</translation>
    </message>
    <message>
        <source>Deal from the reading shoe, {order}: two cards to each seat from the button&apos;s left</source>
        <translation>從讀牌牌靴發牌（{order}）：從莊位左側起，每個座位兩張</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board, then {how}</source>
        <translation>發{street}：燒一張，公共牌發 {count} 張，然後{how}</translation>
    </message>
    <message>
        <source>{street}: seat {seat} to act ({options})</source>
        <translation>{street}：{seat}號位行動（{options}）</translation>
    </message>
    <message>
        <source>Showdown: seat {seat} shows or mucks</source>
        <translation>攤牌：{seat}號位亮牌或棄牌</translation>
    </message>
    <message>
        <source>Showdown: read seat {seat}&apos;s shown hand, or muck it</source>
        <translation>攤牌：讀取{seat}號位亮出的牌，或棄牌</translation>
    </message>
    <message>
        <source>Showdown: key seat {seat}&apos;s shown cards, or muck them</source>
        <translation>攤牌：輸入{seat}號位亮出的牌，或棄牌</translation>
    </message>
    <message>
        <source>Push the pots to the winners, drop the rake, then Pots pushed</source>
        <translation>把底池推給贏家，抽水入箱，然後按「底池已推」</translation>
    </message>
    <message>
        <source>flop</source>
        <translation>翻牌</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>轉牌</translation>
    </message>
    <message>
        <source>river</source>
        <translation>河牌</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌圈</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轉牌圈</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌圈</translation>
    </message>
    <message>
        <source>Table closed</source>
        <translation>牌桌關閉</translation>
    </message>
    <message>
        <source>Betting</source>
        <translation>投注中</translation>
    </message>
    <message>
        <source>Shuffling</source>
        <translation>洗牌中</translation>
    </message>
    <message>
        <source>Dealer&apos;s hand revealed</source>
        <translation>莊家牌已揭示</translation>
    </message>
    <message>
        <source>Players&apos; hands revealed</source>
        <translation>玩家牌已揭示</translation>
    </message>
    <message>
        <source>Showdown</source>
        <translation>攤牌</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>結算</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>已派彩</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>作廢</translation>
    </message>
    <message>
        <source>{street} revealed</source>
        <translation>{street}已揭示</translation>
    </message>
    <message>
        <source>{street} decision</source>
        <translation>{street}決定</translation>
    </message>
    <message>
        <source>Dealing the {street}</source>
        <translation>發{street}</translation>
    </message>
    <message>
        <source>{phase}</source>
        <translation>{phase}</translation>
    </message>
    <message>
        <source>check</source>
        <translation>過牌</translation>
    </message>
    <message>
        <source>call {amount}</source>
        <translation>跟注 {amount}</translation>
    </message>
    <message>
        <source>bet {low}..{high}</source>
        <translation>下注 {low}..{high}</translation>
    </message>
    <message>
        <source>bet {amount}</source>
        <translation>下注 {amount}</translation>
    </message>
    <message>
        <source>raise to {low}..{high}</source>
        <translation>加注到 {low}..{high}</translation>
    </message>
    <message>
        <source>raise to {amount}</source>
        <translation>加注到 {amount}</translation>
    </message>
    <message>
        <source>all in {amount}</source>
        <translation>全下 {amount}</translation>
    </message>
    <message>
        <source>{first}, {second}</source>
        <translation>{first}，{second}</translation>
    </message>
    <message>
        <source>No raise: the stack only covers a call</source>
        <translation>不能加注：籌碼只夠跟注</translation>
    </message>
    <message>
        <source>No raise: the betting is capped (a bet and three raises)</source>
        <translation>不能加注：已達上限（一次下注加三次加注）</translation>
    </message>
    <message>
        <source>No raise: no opponent has chips left to call it</source>
        <translation>不能加注：沒有對手還有籌碼跟注</translation>
    </message>
    <message>
        <source>No raise: an all-in for less than a full raise does not reopen the betting</source>
        <translation>不能加注：不足一次完整加注的全下不重新開放加注</translation>
    </message>
    <message>
        <source>No raise: {why}</source>
        <translation>不能加注：{why}</translation>
    </message>
    <message>
        <source>Seat {seat}: a bet to {amount} is below the minimum bet to {least}</source>
        <translation>{seat}號位：下注 {amount} 低於最低下注 {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: a raise to {amount} is below the minimum raise to {least}</source>
        <translation>{seat}號位：加注到 {amount} 低於最低加注到 {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is above the pot limit ({most} at most)</source>
        <translation>{seat}號位：{amount} 超過底池限注（最多 {most}）</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is more than the stack (all in is {everything})</source>
        <translation>{seat}號位：{amount} 超過籌碼（全下為 {everything}）</translation>
    </message>
    <message>
        <source>Seat {seat}: at fixed limit the only amount is {least}</source>
        <translation>{seat}號位：固定限注下唯一金額為 {least}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is below the table minimum {limit}</source>
        <translation>買入 {amount} 低於本桌下限 {limit}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is above the table maximum {limit}</source>
        <translation>買入 {amount} 高於本桌上限 {limit}</translation>
    </message>
</context>
<context>
    <name>hand</name>
    <message>
        <source>Royal flush</source>
        <translation>皇家同花順</translation>
    </message>
    <message>
        <source>Straight flush</source>
        <translation>同花順</translation>
    </message>
    <message>
        <source>Four of a kind</source>
        <translation>四條</translation>
    </message>
    <message>
        <source>Full house</source>
        <translation>葫蘆</translation>
    </message>
    <message>
        <source>Flush</source>
        <translation>同花</translation>
    </message>
    <message>
        <source>Straight</source>
        <translation>順子</translation>
    </message>
    <message>
        <source>Three of a kind</source>
        <translation>三條</translation>
    </message>
    <message>
        <source>Two pair</source>
        <translation>兩對</translation>
    </message>
    <message>
        <source>One pair</source>
        <translation>一對</translation>
    </message>
    <message>
        <source>High card</source>
        <translation>高牌</translation>
    </message>
</context>
<context>
    <name>holdem_bonus</name>
    <message>
        <source>Ante</source>
        <translation>底注</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>獎勵注</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>彩池</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌注</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轉牌注</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌注</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>棄牌</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>過牌</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
</context>
<context>
    <name>poker</name>
    <message>
        <source>Seat {seat}</source>
        <translation>{seat}號位</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>sitting out</source>
        <translation>暫離</translation>
    </message>
    <message>
        <source>waits for BB</source>
        <translation>等大盲</translation>
    </message>
    <message>
        <source>posts BB</source>
        <translation>補大盲</translation>
    </message>
    <message>
        <source>no chips</source>
        <translation>無籌碼</translation>
    </message>
    <message>
        <source>folded</source>
        <translation>已棄牌</translation>
    </message>
    <message>
        <source>mucked</source>
        <translation>已蓋牌</translation>
    </message>
    <message>
        <source>ALL IN</source>
        <translation>全下</translation>
    </message>
    <message>
        <source>D</source>
        <translation>莊</translation>
    </message>
    <message>
        <source>SB</source>
        <translation>小盲</translation>
    </message>
    <message>
        <source>BB</source>
        <translation>大盲</translation>
    </message>
    <message>
        <source>POST</source>
        <translation>補盲</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>無限注</translation>
    </message>
    <message>
        <source>Pot limit</source>
        <translation>底池限注</translation>
    </message>
    <message>
        <source>Fixed limit</source>
        <translation>固定限注</translation>
    </message>
    <message>
        <source>{structure} {stakes} · buy-in {buy_in} {currency}</source>
        <translation>{structure} {stakes} · 買入 {buy_in} {currency}</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>Main pot: {amount}</source>
        <translation>主池：{amount}</translation>
    </message>
    <message>
        <source>Side pot {number}: {amount}</source>
        <translation>邊池 {number}：{amount}</translation>
    </message>
    <message>
        <source>{pot} · seats {seats}</source>
        <translation>{pot} · {seats}號位</translation>
    </message>
    <message>
        <source>seat {seat}: {amount}</source>
        <translation>{seat}號位：{amount}</translation>
    </message>
    <message>
        <source>push {shares}</source>
        <translation>推給 {shares}</translation>
    </message>
    <message>
        <source>rake {amount}</source>
        <translation>抽水 {amount}</translation>
    </message>
    <message>
        <source>{count} pots: {amount}</source>
        <translation>{count} 個底池：{amount}</translation>
    </message>
    <message>
        <source>two</source>
        <translation>2</translation>
    </message>
    <message>
        <source>three</source>
        <translation>3</translation>
    </message>
    <message>
        <source>four</source>
        <translation>4</translation>
    </message>
    <message>
        <source>five</source>
        <translation>5</translation>
    </message>
    <message>
        <source>six</source>
        <translation>6</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>7</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>8</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>9</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>10</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>J</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>Q</translation>
    </message>
    <message>
        <source>king</source>
        <translation>K</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>A</translation>
    </message>
    <message>
        <source>twos</source>
        <translation>2</translation>
    </message>
    <message>
        <source>threes</source>
        <translation>3</translation>
    </message>
    <message>
        <source>fours</source>
        <translation>4</translation>
    </message>
    <message>
        <source>fives</source>
        <translation>5</translation>
    </message>
    <message>
        <source>sixes</source>
        <translation>6</translation>
    </message>
    <message>
        <source>sevens</source>
        <translation>7</translation>
    </message>
    <message>
        <source>eights</source>
        <translation>8</translation>
    </message>
    <message>
        <source>nines</source>
        <translation>9</translation>
    </message>
    <message>
        <source>tens</source>
        <translation>10</translation>
    </message>
    <message>
        <source>jacks</source>
        <translation>J</translation>
    </message>
    <message>
        <source>queens</source>
        <translation>Q</translation>
    </message>
    <message>
        <source>kings</source>
        <translation>K</translation>
    </message>
    <message>
        <source>aces</source>
        <translation>A</translation>
    </message>
    <message>
        <source>{rank}-high</source>
        <translation>{rank}高牌</translation>
    </message>
    <message>
        <source>pair of {ranks}</source>
        <translation>一對{ranks}</translation>
    </message>
    <message>
        <source>{ranks} and {seconds}</source>
        <translation>兩對：{ranks}和{seconds}</translation>
    </message>
    <message>
        <source>three {ranks}</source>
        <translation>三條{ranks}</translation>
    </message>
    <message>
        <source>straight to the {rank}</source>
        <translation>到{rank}的順子</translation>
    </message>
    <message>
        <source>flush, {rank}-high</source>
        <translation>{rank}高同花</translation>
    </message>
    <message>
        <source>{ranks} full of {seconds}</source>
        <translation>{ranks}滿{seconds}葫蘆</translation>
    </message>
    <message>
        <source>four {ranks}</source>
        <translation>四條{ranks}</translation>
    </message>
    <message>
        <source>straight flush to the {rank}</source>
        <translation>到{rank}的同花順</translation>
    </message>
    <message>
        <source>royal flush</source>
        <translation>皇家同花順</translation>
    </message>
    <message>
        <source>Seat {seat}: {cards} {hand}</source>
        <translation>{seat}號位：{cards} {hand}</translation>
    </message>
    <message>
        <source>Rake to drop: {amount}</source>
        <translation>抽水入箱：{amount}</translation>
    </message>
    <message>
        <source>Uncalled {amount} back to seat {seat}</source>
        <translation>未被跟注的 {amount} 退回{seat}號位</translation>
    </message>
    <message>
        <source>Seat {seat} gets back {amount}</source>
        <translation>{seat}號位退回 {amount}</translation>
    </message>
    <message>
        <source>Bets in front: {amount}</source>
        <translation>面前注碼：{amount}</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>棄牌</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>過牌</translation>
    </message>
    <message>
        <source>Call {amount}</source>
        <translation>跟注 {amount}</translation>
    </message>
    <message>
        <source>Bet {amount}</source>
        <translation>下注 {amount}</translation>
    </message>
    <message>
        <source>Raise to {amount}</source>
        <translation>加注到 {amount}</translation>
    </message>
    <message>
        <source>All in {amount}</source>
        <translation>全下 {amount}</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>1/2 pot</source>
        <translation>半池</translation>
    </message>
    <message>
        <source>Pot</source>
        <translation>底池</translation>
    </message>
    <message>
        <source>All in</source>
        <translation>全下</translation>
    </message>
    <message>
        <source>Deal next hand</source>
        <translation>發下一手</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>亮牌</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>蓋牌</translation>
    </message>
    <message>
        <source>Pots pushed</source>
        <translation>底池已推</translation>
    </message>
    <message>
        <source>Seat player</source>
        <translation>入座</translation>
    </message>
    <message>
        <source>Add chips</source>
        <translation>加籌碼</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>暫離</translation>
    </message>
    <message>
        <source>Sit in</source>
        <translation>回座</translation>
    </message>
    <message>
        <source>Cash out</source>
        <translation>離桌兌現</translation>
    </message>
    <message>
        <source>Post a big blind</source>
        <translation>補一個大盲</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>鍵盤</translation>
    </message>
    <message>
        <source>Seat {seat} to act</source>
        <translation>{seat}號位行動</translation>
    </message>
    <message>
        <source>Tap a seat to seat a player or change it</source>
        <translation>點選座位以安排玩家入座或更改</translation>
    </message>
    <message>
        <source>Seat {seat}: {what}</source>
        <translation>{seat}號位：{what}</translation>
    </message>
    <message>
        <source>Seat {seat}: bet ({span})</source>
        <translation>{seat}號位：下注（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: raise to ({span})</source>
        <translation>{seat}號位：加注到（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: buy-in ({span})</source>
        <translation>{seat}號位：買入（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: chips to add ({span})</source>
        <translation>{seat}號位：加籌碼（{span}）</translation>
    </message>
</context>
<context>
    <name>result</name>
    <message>
        <source>Win</source>
        <translation>贏</translation>
    </message>
    <message>
        <source>Lose</source>
        <translation>輸</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>和局</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>棄牌</translation>
    </message>
</context>
<context>
    <name>screen</name>
    <message>
        <source>NO MORE BETS</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Correct round {number}: pay (+) or collect (-) per seat</source>
        <translation>更正第{number}局：按座位派彩 (+) 或收取 (-)</translation>
    </message>
    <message>
        <source>Pay +</source>
        <translation>派彩 +</translation>
    </message>
    <message>
        <source>Collect -</source>
        <translation>收取 -</translation>
    </message>
    <message>
        <source>Next: badge and PIN</source>
        <translation>下一步：工牌和 PIN</translation>
    </message>
    <message>
        <source>Seat {seat}</source>
        <translation>{seat}號位</translation>
    </message>
    <message>
        <source>Settle seat {seat} now, before seat {shown}?</source>
        <translation>現在結算{seat}號位，先於{shown}號位？</translation>
    </message>
    <message>
        <source>Stay on seat {seat}</source>
        <translation>繼續結算{seat}號位</translation>
    </message>
    <message>
        <source>Settle seat {seat} now</source>
        <translation>現在結算{seat}號位</translation>
    </message>
    <message>
        <source>{count} more below</source>
        <translation>另有{count}項見下方</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: chip {chip} counts for</source>
        <translation>{seat}號位 {spot}：籌碼 {chip} 面值</translation>
    </message>
    <message>
        <source>Counts for {amount}</source>
        <translation>面值 {amount}</translation>
    </message>
    <message>
        <source>collect now</source>
        <translation>立即收走</translation>
    </message>
    <message>
        <source>All: {action}</source>
        <translation>全部：{action}</translation>
    </message>
    <message>
        <source>Undo seat {seat}</source>
        <translation>撤銷{seat}號位</translation>
    </message>
    <message>
        <source>Clear seat {seat}</source>
        <translation>清空{seat}號位</translation>
    </message>
    <message>
        <source>Tap again: seat {seat} is the last, the round closes</source>
        <translation>再按一次：{seat}號位是最後一位，本局結束</translation>
    </message>
    <message>
        <source>Seat {seat}: the chips do not match yet</source>
        <translation>{seat}號位：籌碼尚不相符</translation>
    </message>
    <message>
        <source>Undo paid seat {seat}</source>
        <translation>撤回{seat}號位的「已付」</translation>
    </message>
    <message>
        <source>Amount...</source>
        <translation>金額…</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Same as last round: {bets}</source>
        <translation>同上一局：{bets}</translation>
    </message>
    <message>
        <source>Same as last round</source>
        <translation>同上一局</translation>
    </message>
    <message>
        <source>Seat {seat}: {spot}</source>
        <translation>{seat}號位：{spot}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>pay</source>
        <translation>派彩</translation>
    </message>
    <message>
        <source>collect</source>
        <translation>收取</translation>
    </message>
    <message>
        <source>push</source>
        <translation>退回</translation>
    </message>
    <message>
        <source>Key the card</source>
        <translation>輸入該牌</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount}</source>
        <translation>{seat}號位：{amount}</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一項</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Badge</source>
        <translation>工牌</translation>
    </message>
    <message>
        <source>PIN</source>
        <translation>密碼</translation>
    </message>
    <message>
        <source>Reason: pick one</source>
        <translation>原因：請選擇</translation>
    </message>
    <message>
        <source>{denomination} is not a chip of this tray</source>
        <translation>{denomination} 不是本籌碼盤的籌碼</translation>
    </message>
    <message>
        <source>{denomination}: a count is a whole number of chips, not {text}</source>
        <translation>{denomination}：數量須為整數枚，不是 {text}</translation>
    </message>
    <message>
        <source>{denomination}: {number} chips is more than any tray holds</source>
        <translation>{denomination}：{number} 枚超出任何籌碼盤的容量</translation>
    </message>
    <message>
        <source>Total: {amount}</source>
        <translation>合計：{amount}</translation>
    </message>
    <message>
        <source>Key at least one chip</source>
        <translation>請至少輸入一枚籌碼</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>籌碼盤</translation>
    </message>
    <message>
        <source>Buy-in: seat</source>
        <translation>買碼：座位</translation>
    </message>
    <message>
        <source>Other...</source>
        <translation>其他...</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>現金</translation>
    </message>
    <message>
        <source>Marker</source>
        <translation>借據</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>補碼</translation>
    </message>
    <message>
        <source>Credit</source>
        <translation>回碼</translation>
    </message>
    <message>
        <source>Receive slip</source>
        <translation>接收單據</translation>
    </message>
    <message>
        <source>Void slip</source>
        <translation>作廢單據</translation>
    </message>
    <message>
        <source>Clear tray alarm</source>
        <translation>清除籌碼盤警報</translation>
    </message>
    <message>
        <source>Tray should hold {amount}</source>
        <translation>籌碼盤應有 {amount}</translation>
    </message>
    <message>
        <source>buy-ins {amount} ({count})</source>
        <translation>買碼 {amount}（{count} 筆）</translation>
    </message>
    <message>
        <source>win so far {amount}</source>
        <translation>目前贏 {amount}</translation>
    </message>
    <message>
        <source>In flight: {slips}</source>
        <translation>在途：{slips}</translation>
    </message>
    <message>
        <source>Close shift</source>
        <translation>收班</translation>
    </message>
    <message>
        <source>Open shift</source>
        <translation>開班</translation>
    </message>
    <message>
        <source>Buy-in {amount} at seat {seat}</source>
        <translation>{seat} 號座位買碼 {amount}</translation>
    </message>
    <message>
        <source>Buy-in: seat and amount</source>
        <translation>買碼：座位與金額</translation>
    </message>
    <message>
        <source>fill</source>
        <translation>補碼</translation>
    </message>
    <message>
        <source>credit</source>
        <translation>回碼</translation>
    </message>
    <message>
        <source>Buy-in amount</source>
        <translation>買碼金額</translation>
    </message>
    <message>
        <source>Buy-in {amount}</source>
        <translation>買碼 {amount}</translation>
    </message>
    <message>
        <source>The tray the antenna read: confirm the closer</source>
        <translation>天線讀取的籌碼盤：請確認收班數</translation>
    </message>
    <message>
        <source>Count the tray: closer</source>
        <translation>點算籌碼盤：收台</translation>
    </message>
    <message>
        <source>Count the tray: opener</source>
        <translation>點算籌碼盤：開台</translation>
    </message>
    <message>
        <source>Chips for the fill</source>
        <translation>補碼的籌碼</translation>
    </message>
    <message>
        <source>Chips for the credit</source>
        <translation>回碼的籌碼</translation>
    </message>
    <message>
        <source>{count} chips, {amount}</source>
        <translation>{count} 枚，{amount}</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>已點算</translation>
    </message>
    <message>
        <source>{slip}: counted {amount}</source>
        <translation>{slip}：點算 {amount}</translation>
    </message>
    <message>
        <source>Count the chips of {slip}</source>
        <translation>點算 {slip} 的籌碼</translation>
    </message>
    <message>
        <source>Receive which slip?</source>
        <translation>接收哪張單？</translation>
    </message>
    <message>
        <source>Void which slip?</source>
        <translation>作廢哪張單？</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Hole cards</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Bets</source>
        <translation>投注</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>決定</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>結算</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>作廢</translation>
    </message>
    <message>
        <source>When</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>操作人</translation>
    </message>
    <message>
        <source>What</source>
        <translation>內容</translation>
    </message>
    <message>
        <source>Timeline of {round}</source>
        <translation>{round} 時間線</translation>
    </message>
    <message>
        <source>This table has no progressive.</source>
        <translation>本桌沒有累積獎池。</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置值</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>中獎次數</translation>
    </message>
    <message>
        <source>Contributed</source>
        <translation>累計投入</translation>
    </message>
    <message>
        <source>Awarded</source>
        <translation>已派發</translation>
    </message>
    <message>
        <source>Seeded</source>
        <translation>莊家補充</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>牌型</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金額</translation>
    </message>
    <message>
        <source>Verified by</source>
        <translation>核實人</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>回看</translation>
    </message>
    <message>
        <source>Find round</source>
        <translation>查找牌局</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>時間線</translation>
    </message>
    <message>
        <source>Jackpot</source>
        <translation>頭獎</translation>
    </message>
    <message>
        <source>Reading the journal...</source>
        <translation>正在讀取日誌...</translation>
    </message>
    <message>
        <source>No finished round yet.</source>
        <translation>尚無已結束的牌局。</translation>
    </message>
    <message>
        <source>Find round: its number</source>
        <translation>查找牌局：輸入局號</translation>
    </message>
    <message>
        <source>No finished round {number}</source>
        <translation>沒有已結束的第{number}局</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>顯示</translation>
    </message>
    <message>
        <source>supervisor {badge}</source>
        <translation>主管 {badge}</translation>
    </message>
    <message>
        <source>the station</source>
        <translation>系統</translation>
    </message>
    <message>
        <source>breakage {amount}</source>
        <translation>尾數 {amount}</translation>
    </message>
    <message>
        <source>Table total to players: {what}</source>
        <translation>全桌對玩家合計：{what}</translation>
    </message>
    <message>
        <source>Round {number} void: {cause}</source>
        <translation>第{number}局作廢：{cause}</translation>
    </message>
    <message>
        <source>Voided by {who} at {time}</source>
        <translation>由{who}於 {time} 作廢</translation>
    </message>
    <message>
        <source>Collect {spots}</source>
        <translation>收取 {spots}</translation>
    </message>
    <message>
        <source>Collect {amount}: {spots}</source>
        <translation>收取 {amount}：{spots}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount}</source>
        <translation>賠付 {spot} {amount}</translation>
    </message>
    <message>
        <source>Push {spots}: the stake stays</source>
        <translation>和局 {spots}：注碼留在桌上</translation>
    </message>
    <message>
        <source>Jackpot {amount}: paid from the progressive, not the rack</source>
        <translation>頭獎 {amount}：由累積獎池支付，不從籌碼架</translation>
    </message>
    <message>
        <source>Withheld {amount}: do not pay, a supervisor decides</source>
        <translation>扣留 {amount}：不要派彩，由主管決定</translation>
    </message>
    <message>
        <source>collected {amount}</source>
        <translation>已收 {amount}</translation>
    </message>
    <message>
        <source>withheld {amount}</source>
        <translation>扣留 {amount}</translation>
    </message>
    <message>
        <source>paid {amount}</source>
        <translation>已付 {amount}</translation>
    </message>
    <message>
        <source>jackpot {amount}</source>
        <translation>頭獎 {amount}</translation>
    </message>
    <message>
        <source>collect {amount}</source>
        <translation>收取 {amount}</translation>
    </message>
    <message>
        <source>pay {amount}</source>
        <translation>賠付 {amount}</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>，然後</translation>
    </message>
    <message>
        <source>push: the stakes stay</source>
        <translation>和局：注碼留在桌上</translation>
    </message>
    <message>
        <source>{spot} cleared</source>
        <translation>{spot} 已收</translation>
    </message>
    <message>
        <source>{spot} {amount} stays</source>
        <translation>{spot} {amount} 留在桌上</translation>
    </message>
    <message>
        <source>{spot}: {amount} on the spot</source>
        <translation>{spot}：位上 {amount}</translation>
    </message>
    <message>
        <source>Collect {spot} {amount}</source>
        <translation>收取 {spot} {amount}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount} → {due}</source>
        <translation>賠付 {spot} {amount} → {due}</translation>
    </message>
    <message>
        <source>({seen} → {due})</source>
        <translation>（{seen} → {due}）</translation>
    </message>
    <message>
        <source>keyed</source>
        <translation>手動輸入</translation>
    </message>
    <message>
        <source>sensor {amount}</source>
        <translation>感應 {amount}</translation>
    </message>
    <message>
        <source>Net {amount}</source>
        <translation>淨額 {amount}</translation>
    </message>
    <message>
        <source>Every stake returned</source>
        <translation>已退還所有注碼</translation>
    </message>
    <message>
        <source>Seat {seat} done: {what}</source>
        <translation>{seat}號位已結算：{what}</translation>
    </message>
    <message>
        <source>Settle seat {seat}: {what}</source>
        <translation>結算{seat}號位：{what}</translation>
    </message>
    <message>
        <source>(out of order: seat {seat} next)</source>
        <translation>（不按順序：下一位是{seat}號位）</translation>
    </message>
    <message>
        <source>Open betting</source>
        <translation>開始投注</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>已發牌</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭牌</translation>
    </message>
    <message>
        <source>Key card</source>
        <translation>輸入牌</translation>
    </message>
    <message>
        <source>Re-check the deck</source>
        <translation>重新驗牌</translation>
    </message>
    <message>
        <source>Training: pass the card</source>
        <translation>練習：刷牌給讀牌器</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <source>Key the card: {position} card {number}</source>
        <translation>輸入該牌：{position}第{number}張</translation>
    </message>
    <message>
        <source>Seat {seat}, round {round}: {amount} withheld</source>
        <translation>{seat}號位，第{round}局：扣留 {amount}</translation>
    </message>
    <message>
        <source>Correct {place} (now {card})</source>
        <translation>更正{place}（現為 {card}）</translation>
    </message>
    <message>
        <source>{place}: {was} becomes {card}</source>
        <translation>{place}：{was} 改為 {card}</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Seat {seat}: card in (then swipe the card)</source>
        <translation>{seat}號位：玩家入座（然後刷卡）</translation>
    </message>
    <message>
        <source>Seat {seat}: key an id</source>
        <translation>{seat}號位：輸入編號</translation>
    </message>
    <message>
        <source>Seat {seat} {player}: card out</source>
        <translation>{seat}號位 {player}：玩家離座</translation>
    </message>
    <message>
        <source>Seat {seat}: resume</source>
        <translation>{seat}號位：繼續</translation>
    </message>
    <message>
        <source>Seat {seat}: pause</source>
        <translation>{seat}號位：暫停</translation>
    </message>
    <message>
        <source>Swipe the player&apos;s card now: seat {seat}</source>
        <translation>現在請刷玩家卡：{seat}號位</translation>
    </message>
    <message>
        <source>Badge {badge}: {count} failed attempt(s) since its last sign-in</source>
        <translation>工牌 {badge}：自上次登入以來有 {count} 次失敗嘗試</translation>
    </message>
    <message>
        <source>Every card of round {number} (supervisor)</source>
        <translation>第{number}局所有牌（主管）</translation>
    </message>
    <message>
        <source>Close the station? The table stops taking bets.</source>
        <translation>關閉系統？本桌將停止接受投注。</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>繼續運行</translation>
    </message>
    <message>
        <source>Close the station</source>
        <translation>關閉系統</translation>
    </message>
    <message>
        <source>Shift: mispays {mispays} ({amount}) · losing bets left {left} · past-posts {past} · pinches {pinch} · counterfeits {fake} · overrides {overrides}</source>
        <translation>本班：賠錯 {mispays} ({amount}) · 輸注未收 {left} · 補注 {past} · 偷注 {pinch} · 假籌碼 {fake} · 主管放行 {overrides}</translation>
    </message>
    <message>
        <source>seat {seat} {player}</source>
        <translation>{seat}號位 {player}</translation>
    </message>
    <message>
        <source>held: call a supervisor</source>
        <translation>已扣留：請呼叫主管</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>暫停中</translation>
    </message>
    <message>
        <source>exclusion list of {since}</source>
        <translation>禁入名單（{since}）</translation>
    </message>
    <message>
        <source>no exclusion list received</source>
        <translation>未收到禁入名單</translation>
    </message>
    <message>
        <source>Players: {players}</source>
        <translation>玩家：{players}</translation>
    </message>
    <message>
        <source>nobody carded in</source>
        <translation>無已識別玩家</translation>
    </message>
    <message>
        <source>Round {number}</source>
        <translation>第{number}局</translation>
    </message>
    <message>
        <source>Shift: rounds {rounds} · table win {result}</source>
        <translation>本班：{rounds}局 · 本桌盈虧 {result}</translation>
    </message>
    <message>
        <source>Shoe</source>
        <translation>發牌機</translation>
    </message>
    <message>
        <source>Reader</source>
        <translation>讀牌器</translation>
    </message>
    <message>
        <source>Deck</source>
        <translation>牌組</translation>
    </message>
    <message>
        <source>Bet sensor</source>
        <translation>感應器</translation>
    </message>
    <message>
        <source>{amount} pending verification</source>
        <translation>{amount} 待核實</translation>
    </message>
    <message>
        <source>JACKPOT</source>
        <translation>頭獎</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>莊家</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>公共牌</translation>
    </message>
    <message>
        <source>qualifies</source>
        <translation>合格</translation>
    </message>
    <message>
        <source>does not qualify</source>
        <translation>不合格</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}第{number}張牌</translation>
    </message>
    <message>
        <source>Correct a card: tap the card keyed wrong</source>
        <translation>更正一張牌：點選輸錯的牌</translation>
    </message>
    <message>
        <source>Tap again: {action}</source>
        <translation>再按一次：{action}</translation>
    </message>
    <message>
        <source>Key the id printed on the player&apos;s card</source>
        <translation>輸入玩家卡上印的編號</translation>
    </message>
    <message>
        <source>A player id starts with a letter or a digit</source>
        <translation>玩家編號以字母或數字開頭</translation>
    </message>
    <message>
        <source>Seat {seat}: key the player&apos;s id</source>
        <translation>{seat}號位：輸入玩家編號</translation>
    </message>
    <message>
        <source>Leave anonymous</source>
        <translation>保持匿名</translation>
    </message>
    <message>
        <source>Card in</source>
        <translation>玩家入座</translation>
    </message>
</context>
<context>
    <name>uth</name>
    <message>
        <source>Ante</source>
        <translation>底注</translation>
    </message>
    <message>
        <source>Blind</source>
        <translation>盲注</translation>
    </message>
    <message>
        <source>Trips</source>
        <translation>三條注</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>加注</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>過牌</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>棄牌</translation>
    </message>
    <message>
        <source>Play 4x</source>
        <translation>加注4倍</translation>
    </message>
    <message>
        <source>Play 3x</source>
        <translation>加注3倍</translation>
    </message>
    <message>
        <source>Play 2x</source>
        <translation>加注2倍</translation>
    </message>
    <message>
        <source>Play 1x</source>
        <translation>加注1倍</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌</translation>
    </message>
</context>
</TS>

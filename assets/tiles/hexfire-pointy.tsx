<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.6" name="hexfire-pointy" tilewidth="56" tileheight="64" tilecount="105" columns="10">
 <image source="hexfire-pointy.png" width="560" height="704"></image>
 <tile id="0" type="open">
  <properties>
   <property name="terrain" value="open"></property>
  </properties>
 </tile>
 <tile id="1" type="field">
  <properties>
   <property name="terrain" value="field"></property>
  </properties>
 </tile>
 <tile id="2" type="crops">
  <properties>
   <property name="terrain" value="crops"></property>
  </properties>
 </tile>
 <tile id="3" type="road-ground-0-3">
  <properties>
   <property name="terrain" value="road"></property>
  </properties>
 </tile>
 <tile id="4" type="road-ground-1-4">
  <properties>
   <property name="terrain" value="road"></property>
  </properties>
 </tile>
 <tile id="5" type="road-ground-2-5">
  <properties>
   <property name="terrain" value="road"></property>
  </properties>
 </tile>
 <tile id="6" type="building">
  <properties>
   <property name="terrain" value="building"></property>
  </properties>
 </tile>
 <tile id="7" type="woods">
  <properties>
   <property name="terrain" value="woods"></property>
  </properties>
 </tile>
 <tile id="8" type="orchard">
  <properties>
   <property name="terrain" value="orchard"></property>
  </properties>
 </tile>
 <tile id="9" type="stream-0-3">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="10" type="stream-1-4">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="11" type="stream-2-5">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="12" type="stream-0-2">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="13" type="stream-1-3">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="14" type="stream-2-4">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="15" type="stream-3-5">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="16" type="stream-4-0">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="17" type="stream-5-1">
  <properties>
   <property name="terrain" value="stream"></property>
  </properties>
 </tile>
 <tile id="18" type="bridge-0-3-over-1-4">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="19" type="bridge-0-3-over-2-5">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="20" type="bridge-1-4-over-2-5">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="21" type="bridge-1-4-over-3-0">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="22" type="bridge-2-5-over-3-0">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="23" type="bridge-2-5-over-4-1">
  <properties>
   <property name="terrain" value="bridge"></property>
  </properties>
 </tile>
 <tile id="24" type="pond">
  <properties>
   <property name="terrain" value="pond"></property>
  </properties>
 </tile>
 <tile id="25" type="marsh">
  <properties>
   <property name="terrain" value="marsh"></property>
  </properties>
 </tile>
 <tile id="26" type="canal-0-3">
  <properties>
   <property name="terrain" value="canal"></property>
  </properties>
 </tile>
 <tile id="27" type="canal-1-4">
  <properties>
   <property name="terrain" value="canal"></property>
  </properties>
 </tile>
 <tile id="28" type="canal-2-5">
  <properties>
   <property name="terrain" value="canal"></property>
  </properties>
 </tile>
 <tile id="29" type="river">
  <properties>
   <property name="terrain" value="river"></property>
  </properties>
 </tile>
 <tile id="30" type="open-level1">
  <properties>
   <property name="terrain" value="open"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="31" type="field-level1">
  <properties>
   <property name="terrain" value="field"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="32" type="crops-level1">
  <properties>
   <property name="terrain" value="crops"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="33" type="road-ground-0-3-level1">
  <properties>
   <property name="terrain" value="road"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="34" type="building-level1">
  <properties>
   <property name="terrain" value="building"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="35" type="woods-level1">
  <properties>
   <property name="terrain" value="woods"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="36" type="orchard-level1">
  <properties>
   <property name="terrain" value="orchard"></property>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="37" type="open-level2">
  <properties>
   <property name="terrain" value="open"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="38" type="field-level2">
  <properties>
   <property name="terrain" value="field"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="39" type="crops-level2">
  <properties>
   <property name="terrain" value="crops"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="40" type="road-ground-0-3-level2">
  <properties>
   <property name="terrain" value="road"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="41" type="building-level2">
  <properties>
   <property name="terrain" value="building"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="42" type="woods-level2">
  <properties>
   <property name="terrain" value="woods"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="43" type="orchard-level2">
  <properties>
   <property name="terrain" value="orchard"></property>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="44" type="hill-level1">
  <properties>
   <property name="level" type="int" value="1"></property>
  </properties>
 </tile>
 <tile id="45" type="hill-level2">
  <properties>
   <property name="level" type="int" value="2"></property>
  </properties>
 </tile>
 <tile id="46" type="road-0-1">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="47" type="road-0-2">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="48" type="road-0-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="49" type="road-0-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="50" type="road-0-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="51" type="road-1-2">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="52" type="road-1-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="53" type="road-1-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="54" type="road-1-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="55" type="road-2-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="56" type="road-2-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="57" type="road-2-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="58" type="road-3-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="59" type="road-3-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="60" type="road-4-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="61" type="road-end-0">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="62" type="road-end-1">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="63" type="road-end-2">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="64" type="road-end-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="65" type="road-end-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="66" type="road-end-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="67" type="road-0-1-2">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="68" type="road-0-1-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="69" type="road-0-1-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="70" type="road-0-1-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="71" type="road-0-2-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="72" type="road-0-2-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="73" type="road-0-2-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="74" type="road-0-3-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="75" type="road-0-3-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="76" type="road-0-4-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="77" type="road-1-2-3">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="78" type="road-1-2-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="79" type="road-1-2-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="80" type="road-1-3-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="81" type="road-1-3-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="82" type="road-1-4-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="83" type="road-2-3-4">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="84" type="road-2-3-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="85" type="road-2-4-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="86" type="road-3-4-5">
  <properties>
   <property name="road" type="bool" value="true"></property>
  </properties>
 </tile>
 <tile id="87" type="wall-0">
  <properties>
   <property name="wall" value="0"></property>
  </properties>
 </tile>
 <tile id="88" type="wall-1">
  <properties>
   <property name="wall" value="1"></property>
  </properties>
 </tile>
 <tile id="89" type="wall-2">
  <properties>
   <property name="wall" value="2"></property>
  </properties>
 </tile>
 <tile id="90" type="wall-3">
  <properties>
   <property name="wall" value="3"></property>
  </properties>
 </tile>
 <tile id="91" type="wall-4">
  <properties>
   <property name="wall" value="4"></property>
  </properties>
 </tile>
 <tile id="92" type="wall-5">
  <properties>
   <property name="wall" value="5"></property>
  </properties>
 </tile>
 <tile id="93" type="hedge-0">
  <properties>
   <property name="hedge" value="0"></property>
  </properties>
 </tile>
 <tile id="94" type="hedge-1">
  <properties>
   <property name="hedge" value="1"></property>
  </properties>
 </tile>
 <tile id="95" type="hedge-2">
  <properties>
   <property name="hedge" value="2"></property>
  </properties>
 </tile>
 <tile id="96" type="hedge-3">
  <properties>
   <property name="hedge" value="3"></property>
  </properties>
 </tile>
 <tile id="97" type="hedge-4">
  <properties>
   <property name="hedge" value="4"></property>
  </properties>
 </tile>
 <tile id="98" type="hedge-5">
  <properties>
   <property name="hedge" value="5"></property>
  </properties>
 </tile>
 <tile id="99" type="hedgerow-0">
  <properties>
   <property name="hedgerow" value="0"></property>
  </properties>
 </tile>
 <tile id="100" type="hedgerow-1">
  <properties>
   <property name="hedgerow" value="1"></property>
  </properties>
 </tile>
 <tile id="101" type="hedgerow-2">
  <properties>
   <property name="hedgerow" value="2"></property>
  </properties>
 </tile>
 <tile id="102" type="hedgerow-3">
  <properties>
   <property name="hedgerow" value="3"></property>
  </properties>
 </tile>
 <tile id="103" type="hedgerow-4">
  <properties>
   <property name="hedgerow" value="4"></property>
  </properties>
 </tile>
 <tile id="104" type="hedgerow-5">
  <properties>
   <property name="hedgerow" value="5"></property>
  </properties>
 </tile>
</tileset>
